import Testing
@testable import SuspendSim

/// `InputDigest.sha256` against FIPS 180-4's examples (NIST's "SHA256.pdf" and
/// "SHA2_Additional.pdf" example values).
@Suite struct InputDigestTests {
    @Test("The standard's one-block, two-block and million-byte messages, and the empty one")
    func standardExamples() {
        #expect(InputDigest.sha256(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(InputDigest.sha256(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(InputDigest.sha256([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(InputDigest.sha256([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("Messages whose padding falls at the block's edges (55, 56 and 64 bytes) agree with sha256sum")
    func paddingEdges() {
        // printf 'a%.0s' $(seq 55) | sha256sum, and likewise for 56 and 64.
        #expect(InputDigest.sha256([UInt8](repeating: 0x61, count: 55)) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(InputDigest.sha256([UInt8](repeating: 0x61, count: 56)) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        #expect(InputDigest.sha256([UInt8](repeating: 0x61, count: 64)) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }
}
