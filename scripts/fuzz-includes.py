#!/usr/bin/env python3
"""Include graphs and special files for scripts/fuzz.sh (SPEC 35 "Includes").

usage: fuzz-includes.py COUNT SEED FOLDER

Writes COUNT cases into FOLDER, each a top file `case-inc-N.yaml` in a folder of its own with the
files it includes (`fN.yaml`): chains (1 to 1,200 files), diamonds (two lists that include one
more), doublings (each file includes the next twice, up to 30 deep), cycles, wide fans (up to
300 includes of small lists), includes of a FIFO, of a folder, of a missing file, of a device
(a symbolic link to /dev/zero, which never ends), of a socket, of a symbolic link to itself
and of a dangling one; and top files that are a FIFO, a device link and a socket themselves. Every case must be refused (exit 2) or run (exit 0)
within fuzz.sh's limits, never end by a signal.
"""
import os
import random
import socket
import sys

HEAD = "name: {name}\ndevice: {{ ram_mb: 2048 }}\napps:\n"
TAIL = "events:\n  - {{ at: 0, open: {app} }}\n"


def write(path, name, entries, app="com.top"):
    lines = "".join(f"  - {entry}\n" for entry in entries)
    with open(path, "w") as handle:
        handle.write(HEAD.format(name=name) + lines + TAIL.format(app=app))


def leaf(folder, index, app):
    write(os.path.join(folder, f"f{index}.yaml"), f"leaf{index}", [f"{{ id: {app}, active_mb: 10 }}"], app)


def case(folder, number, rng):
    kind = rng.choice(["chain", "diamond", "doubling", "cycle", "fan", "fifo", "folder", "missing", "device", "socket", "loop",
                       "dangling"])
    top = os.path.join(folder, f"case-inc-{number}.yaml")
    own = "{ id: com.top, active_mb: 10 }"
    if kind == "chain":
        length = rng.choice([1, 2, 63, 64, 65, rng.randint(1, 1200)])
        for index in range(length):
            write(os.path.join(folder, f"f{index}.yaml"), f"c{index}", [f"{{ include: f{index + 1}.yaml }}"], "com.leaf")
        leaf(folder, length, "com.leaf")
        write(top, "top", [own, "{ include: f0.yaml }"])
    elif kind == "diamond":
        leaf(folder, 3, "com.shared")
        write(os.path.join(folder, "f1.yaml"), "left", ["{ include: f3.yaml }"], "com.shared")
        write(os.path.join(folder, "f2.yaml"), "right", ["{ include: f3.yaml }"], "com.shared")
        write(top, "top", [own, "{ include: f1.yaml }", "{ include: f2.yaml }"])
    elif kind == "doubling":
        depth = rng.randint(1, 30)
        for index in range(depth):
            write(os.path.join(folder, f"f{index}.yaml"), f"d{index}", [f"{{ include: f{index + 1}.yaml }}"] * 2, "com.leaf")
        leaf(folder, depth, "com.leaf")
        write(top, "top", [own, "{ include: f0.yaml }"])
    elif kind == "cycle":
        length = rng.randint(1, 80)
        for index in range(length):
            write(os.path.join(folder, f"f{index}.yaml"), f"y{index}", [f"{{ include: f{(index + 1) % length}.yaml }}"], "com.leaf")
        write(top, "top", [own, "{ include: f0.yaml }"])
    elif kind == "fan":
        width = rng.randint(1, 300)
        for index in range(width):
            leaf(folder, index, f"com.fan{index}")
        write(top, "top", [own] + [f"{{ include: f{index}.yaml }}" for index in range(width)])
    elif kind == "fifo":
        os.mkfifo(os.path.join(folder, "f0.yaml"))
        write(top, "top", [own, "{ include: f0.yaml }"])
    elif kind == "folder":
        os.mkdir(os.path.join(folder, "f0.yaml"))
        write(top, "top", [own, "{ include: f0.yaml }"])
    elif kind == "device":
        os.symlink("/dev/zero", os.path.join(folder, "f0.yaml"))
        write(top, "top", [own, "{ include: f0.yaml }"])
    elif kind == "socket":
        bind_socket(os.path.join(folder, "f0.yaml"))
        write(top, "top", [own, "{ include: f0.yaml }"])
    elif kind == "loop":
        os.symlink("f0.yaml", os.path.join(folder, "f0.yaml"))
        write(top, "top", [own, "{ include: f0.yaml }"])
    elif kind == "dangling":
        os.symlink("gone.yaml", os.path.join(folder, "f0.yaml"))
        write(top, "top", [own, "{ include: f0.yaml }"])
    else:
        write(top, "top", [own, "{ include: nowhere.yaml }"])


def bind_socket(path):
    """A Unix socket at `path`, left in place (its listener closed)."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listener:
        listener.bind(path)


def main():
    count, seed, folder = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    for number in range(count):
        case_folder = os.path.join(folder, f"inc-{number}")
        os.makedirs(case_folder, exist_ok=True)
        case(case_folder, number, rng)
    # A top file that is a FIFO: named as such (exit 2), never read.
    fifos = os.path.join(folder, "inc-fifo")
    os.makedirs(fifos, exist_ok=True)
    os.mkfifo(os.path.join(fifos, "case-fifo.yaml"))
    os.symlink("/dev/zero", os.path.join(fifos, "case-device.yaml"))
    bind_socket(os.path.join(fifos, "case-socket.yaml"))


if __name__ == "__main__":
    main()
