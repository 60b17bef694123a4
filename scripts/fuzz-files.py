#!/usr/bin/env python3
"""Writes COUNT mutated scenario files into OUT (case-00001.yaml, ...) for scripts/fuzz.sh.

usage: scripts/fuzz-files.py COUNT SEED OUT

The seeds are the bundled scenarios (Scenarios/*.yaml), each also with blocks added so that
every block is fuzzed: compressor:, freezer:, bg_tasks:, observed:, whatif: and sweep:. Each file gets
one to four mutations: bit flips, truncation, deleted, duplicated and swapped lines, numbers
replaced by extreme ones, values of the wrong type, YAML punctuation, duplicate sweep points
(2.8 and 2.80), long sweeps, and whatif: baselines that are not values. The same COUNT and
SEED give the same files.
"""
import glob
import os
import random
import re
import sys

EXTREME_NUMBERS = [
    "1e400", "-1e400", "99999999999999999999", "-0", "0", "0.0005", "4294967296", "4294967297",
    "-4294967296", "18446744073709551616", "9223372036854775807", "1e18", "2e-324", ".5", "5.",
    "+5", "1e3", ".inf", ".nan", "1.2.3", "1_000", "0x10", "017", "2147483647", "2147483648",
    "12345", "16384", "3072.0", "2.80",
]
RATE_NUMBERS = ["0", "-0", "0.0005", "1e400", "-1", ".5", "+5", "1.2.3", "3600001", "99999999999999999999"]
WRONG_VALUES = [
    "[]", "{}", "~", "null", "true", '"str"', "[1, 2]", "{a: 1}", "&x 1", "*undefined", "-",
    "'18.10'", '"18.1"', "=cmd", "@x", "[" * 300 + "]" * 300,
]
PIECES = [
    "{", "}", "[", "]", ":", ": ", ",", "- ", "'", '"', "#", "&x ", "*x", "!!str ", "|", ">",
    "---\n", "<<: ", "? ", "\t", "\n", "\r\n", "\u2028", "\ufeff", "\x00", "null", "true",
]

# Blocks added to the seeds: each is appended, or replaces the seed's own, so that every
# block of the scenario format is mutated.
BLOCKS = {
    "compressor": "  compressor: { ratio: 2.8, pool_mb: 1024, start_free_mb: 400, decompress_mb_s: 2000 }\n",
    "freezer": "  freezer: { max_frozen: 3, min_suspended: 1, interval_s: 5, daily_mb: 300, demotions_per_day: 1 }\n",
    "bg_tasks": "bg_tasks",  # placed on the first app, below
    "observed": (
        "observed:\n  app: {app}\n  days: 10\n  background_memory_pressure: 0.8\n  cold_launches: 1.5\n"
        "  resumes: 4.9\n  foreground_s: 2070\n  background_s: 420\n"
    ),
    "sweep": "sweep:\n  device.ram_mb: [2048, 3072, 4096]\n",
    "whatif": "whatif: { key: device.ram_mb, baseline: 3072 }\n",
}


def app_ids(text):
    return re.findall(r"\bid:\s*([A-Za-z0-9._-]+)", text)


def with_blocks(text, rng):
    """The seed with some of the blocks added (or its own kept)."""
    ids = app_ids(text) or ["com.a"]
    if "compressor:" not in text and "device:" in text and rng.random() < 0.5:
        text = re.sub(r"(?m)^device:\s*\n", lambda m: m.group(0) + BLOCKS["compressor"], text, count=1)
        if "compressor:" not in text:
            text = re.sub(r"(?m)^device:\s*\{", "device: { compressor: { ratio: 2.8 },", text, count=1)
    # SPEC 37: the freezer's block, and initial apps found frozen.
    if "freezer:" not in text and "device:" in text and rng.random() < 0.4:
        text = re.sub(r"(?m)^device:\s*\n", lambda m: m.group(0) + BLOCKS["freezer"], text, count=1)
        if "freezer:" not in text:
            text = re.sub(r"(?m)^device:\s*\{", "device: { freezer: { min_suspended: 0 },", text, count=1)
    if "state: suspended }" in text and rng.random() < 0.5:
        text = text.replace("state: suspended }", "state: suspended, frozen: true }", 1)
    if "bg_tasks" not in text and rng.random() < 0.5:
        task = "bg_tasks: [{ kind: refresh, earliest_s: 60, work_s: 5 }], background_modes: [fetch], "
        text = re.sub(r"\{ id: " + re.escape(ids[0]) + ", ", "{ id: " + ids[0] + ", " + task, text, count=1)
    if "observed:" not in text and rng.random() < 0.4:
        text += BLOCKS["observed"].format(app=ids[0])
    if "sweep:" not in text and rng.random() < 0.6:
        text += BLOCKS["sweep"]
    if "whatif:" not in text and "sweep:" in text and rng.random() < 0.5:
        match = re.search(r"(?m)^sweep:\s*\n\s+([A-Za-z0-9._]+):\s*\[([^\]\n]*)\]", text)
        if match:
            values = [v.strip() for v in match.group(2).split(",") if v.strip()]
            baseline = rng.choice(values + ["1", "2.80"]) if values else "1"
            text += "whatif: { key: %s, baseline: %s }\n" % (match.group(1), baseline)
    return text


def mutate(text, rng):
    kind = rng.randrange(17)
    data = bytearray(text.encode("utf-8"))
    lines = text.split("\n")
    if kind == 0 and data:
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        return data.decode("utf-8", "replace")
    if kind == 1:
        return data[: rng.randrange(len(data) + 1)].decode("utf-8", "ignore")
    if kind == 2 and len(lines) > 1:
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    if kind == 3:
        index = rng.randrange(len(lines))
        lines.insert(index + rng.randrange(2), lines[index])
        return "\n".join(lines)
    if kind == 4 and len(lines) > 1:
        a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[a], lines[b] = lines[b], lines[a]
        return "\n".join(lines)
    if kind in (5, 6, 7):
        numbers = list(re.finditer(r"\d+(\.\d+)?", text))
        if numbers:
            match = rng.choice(numbers)
            line = text[text.rfind("\n", 0, match.start()) + 1: text.find("\n", match.end())]
            # A rate of thousands an hour is valid and makes a day of millions of events: work
            # that grows with the rate, past the 10 s a file may take. Rates get numbers that
            # are small or refused (the limit is 3,600,000 an hour).
            choices = RATE_NUMBERS if "per_hour" in line else EXTREME_NUMBERS
            return text[: match.start()] + rng.choice(choices) + text[match.end():]
    if kind == 8:
        colons = [m.end() for m in re.finditer(r": ", text)]
        if colons:
            start = rng.choice(colons)
            end = start
            while end < len(text) and text[end] not in ",}\n":
                end += 1
            return text[:start] + rng.choice(WRONG_VALUES) + text[end:]
    if kind == 9:
        index = rng.randrange(len(text) + 1)
        return text[:index] + rng.choice(PIECES) + text[index:]
    if kind == 10:
        # A sweep value again, written another way: one point twice (SPEC 35).
        match = re.search(r"(?m)^(\s+[A-Za-z0-9._]+:\s*\[)([^\]\n]*)\]", text)
        if match and match.group(2).strip():
            first = match.group(2).split(",")[0].strip()
            again = first + (".0" if "." not in first else "0")
            return text[: match.end(2)] + ", " + again + text[match.end(2):]
    if kind == 11:
        # A long sweep: many points of a one-key grid (SPEC 35: linear in the points). A day
        # of workload costs a run's time at each point, so those get at most 50 points: 500
        # days in a debug build is honest work past the 10 s a file may take, not a hang.
        lengths = [20, 50] if "workload:" in text else [50, 200, 500]
        values = ", ".join(str(1024 + i) for i in range(rng.choice(lengths)))
        text = re.sub(r"(?ms)^sweep:\n(\s+.*?\n)+?(?=\S|\Z)", "", text)
        return text + "sweep:\n  device.ram_mb: [%s]\n" % values
    if kind == 12:
        return re.sub(r"(?m)^whatif:.*$", "whatif: { key: %s, baseline: %s }" % (
            rng.choice(["device.ram_mb", "policy", "trace.user", "end_s", "device.ios"]),
            rng.choice(["3072", "2.80", "x", "18.10", ""])), text)
    if kind == 13:
        return text.replace("\n", rng.choice(["\r\n", "\r", "\u0085", "\n\n", " \n"]))
    if kind == 14:
        return rng.choice(["", " ", "\n", "\ufeff", "#", "---", "{}", "[]"])
    if kind == 15:
        return "\ufeff" + text
    return with_blocks(text, rng)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    count, seed, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    seeds = [open(path, encoding="utf-8").read() for path in sorted(glob.glob(os.path.join(root, "Scenarios", "*.yaml")))]
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    for number in range(1, count + 1):
        text = with_blocks(rng.choice(seeds), rng)
        for _ in range(rng.randint(1, 4)):
            text = mutate(text, rng)
        with open(os.path.join(out, "case-%05d.yaml" % number), "w", encoding="utf-8", errors="surrogatepass") as file:
            file.write(text)


if __name__ == "__main__":
    main()
