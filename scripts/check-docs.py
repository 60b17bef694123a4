#!/usr/bin/env python3
"""Re-runs the commands that README.md and docs/*.md quote figures from, and compares.

Called by scripts/check-docs.sh, which builds the release binary and puts it first on PATH as
`suspendsim`; docs/development.md ("Figures in the docs") describes the two annotations:

  <!-- check-docs -->                  a transcript: the fenced block that follows holds
  ```text                              commands (lines starting "$ ") and, after each, the
  $ suspendsim run X.yaml ...          lines it prints on stdout, exactly
  output...
  ```

  <!-- check-docs: COMMAND -->         a generated block: the lines up to the end marker are
  | a | markdown | table |             COMMAND's stdout, exactly (a table, a list)
  <!-- check-docs: end -->

Every command runs with bash -o pipefail in a scratch folder per markdown file (so that a later
block may read the reports of an earlier one), which holds copies of the repository's Scenarios
and docs and links to its Tests and scripts; Reports/ starts empty. Without --write, a quoted line that differs from the
new output is printed as FILE:LINE with both, and the exit status is 1. With --write, the
blocks are rewritten in place with the new output (read the git diff). A command that fails
is an error (exit 2), in both modes.
"""
import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# Each may be indented (inside a list item); the block's lines then carry the same indent.
TRANSCRIPT = re.compile(r"^(\s*)<!-- check-docs -->\s*$")
GENERATED = re.compile(r"^(\s*)<!-- check-docs: (?!end -->)(.+?) -->\s*$")
END = re.compile(r"^\s*<!-- check-docs: end -->\s*$")
FENCE = re.compile(r"^(\s*)(```+|~~~+)")
# Copied (small, and a scenario's relative paths such as docs/examples' ../../Reports must stay
# inside the scratch folder) and linked (large, read only).
COPIED = ["Scenarios", "docs"]
LINKED = ["Tests", "scripts", "Package.swift"]


class Block:
    """The commands of one annotated block, each as (command, the 0-based index of its first
    quoted line, its quoted lines without the block's indent), and that indent."""

    def __init__(self, steps, indent):
        self.steps = steps
        self.indent = indent


def unindent(line, indent):
    return line[len(indent):] if line.startswith(indent) else line.lstrip()


def parse(path, lines):
    blocks = []
    index = 0
    while index < len(lines):
        line = lines[index]
        generated = GENERATED.match(line)
        if generated:
            end = next((j for j in range(index + 1, len(lines)) if END.match(lines[j])), None)
            if end is None:
                raise SystemExit(f"{path}:{index + 1}: check-docs: no '<!-- check-docs: end -->' after this line")
            indent = generated.group(1)
            quoted = [unindent(text, indent) for text in lines[index + 1:end]]
            blocks.append(Block([(generated.group(2), index + 1, quoted)], indent))
            index = end + 1
            continue
        if TRANSCRIPT.match(line):
            fence = FENCE.match(lines[index + 1]) if index + 1 < len(lines) else None
            if not fence:
                raise SystemExit(f"{path}:{index + 1}: check-docs: a fenced block must follow this line")
            indent = fence.group(1)
            close = next((j for j in range(index + 2, len(lines)) if lines[j].strip() == fence.group(2)), None)
            if close is None:
                raise SystemExit(f"{path}:{index + 2}: check-docs: the fenced block is not closed")
            steps = []
            for j in range(index + 2, close):
                text = unindent(lines[j], indent)
                if text.startswith("$ "):
                    steps.append([text[2:], j + 1, []])
                elif not steps:
                    raise SystemExit(f"{path}:{j + 1}: check-docs: output before the first '$ ' command")
                else:
                    steps[-1][2].append(text)
            # A command continued on the next line ("\" at the end) is one command.
            merged = []
            for step in steps:
                if merged and merged[-1][0].endswith("\\") and not merged[-1][2]:
                    merged[-1][0] = merged[-1][0][:-1] + " " + step[0]
                    merged[-1][1], merged[-1][2] = step[1], step[2]
                else:
                    merged.append(step)
            blocks.append(Block([tuple(step) for step in merged], indent))
            index = close + 1
            continue
        index += 1
    return blocks


def scratch_for(root):
    folder = tempfile.mkdtemp(prefix="suspendsim-check-docs.")
    for name in COPIED:
        if os.path.exists(os.path.join(root, name)):
            shutil.copytree(os.path.join(root, name), os.path.join(folder, name), symlinks=True)
    for name in LINKED:
        if os.path.exists(os.path.join(root, name)):
            os.symlink(os.path.join(root, name), os.path.join(folder, name))
    os.mkdir(os.path.join(folder, "Reports"))
    return folder


def run(command, cwd, path, line):
    result = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.stderr.write(f"{path}:{line}: check-docs: the command failed (exit {result.returncode}): {command}\n"
                         + result.stderr[-2000:])
        raise SystemExit(2)
    return [text.rstrip() for text in result.stdout.splitlines()]


def check_file(root, relative, write, timings):
    path = os.path.join(root, relative)
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    blocks = parse(relative, lines)
    if not blocks:
        return 0
    scratch = scratch_for(root)
    mismatches = []
    try:
        for block in blocks:
            for command, first, quoted in block.steps:
                began = time.monotonic()
                output = run(command, scratch, relative, first)
                timings.append((time.monotonic() - began, f"{relative}:{first}"))
                if [text.rstrip() for text in quoted] != output:
                    mismatches.append((first, len(quoted), [(block.indent + text) if text else text for text in output]))
                    if not write:
                        report(relative, first + 1, [text.rstrip() for text in quoted], output)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if write and mismatches:
        # From the end, so that the earlier places stay where they are.
        for first, count, output in reversed(mismatches):
            lines[first:first + count] = output
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines))
        print(f"{relative}: rewrote {len(mismatches)} quoted output(s)")
    return len(mismatches)


def report(path, line, old, new):
    """Each quoted line that differs, as FILE:LINE: quoted / now."""
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for tag, a0, a1, b0, b1 in matcher.get_opcodes():
        if tag == "equal":
            continue
        for offset in range(max(a1 - a0, b1 - b0)):
            quoted = old[a0 + offset] if a0 + offset < a1 else "(no line)"
            now = new[b0 + offset] if b0 + offset < b1 else "(no line)"
            at = line + min(a0 + offset, max(a1 - 1, a0))
            print(f"{path}:{at}: quoted: {quoted}")
            print(f"{path}:{at}: now:    {now}")


def main():
    parser = argparse.ArgumentParser(description="Re-run the docs' quoted commands and compare their figures.")
    parser.add_argument("--write", action="store_true", help="rewrite the quoted figures in place")
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("files", nargs="*", help="markdown files, relative to the root (default README.md docs/*.md)")
    arguments = parser.parse_args()
    root = os.path.abspath(arguments.root)
    files = arguments.files or ["README.md"] + sorted(
        os.path.join("docs", name) for name in os.listdir(os.path.join(root, "docs")) if name.endswith(".md"))
    timings = []
    mismatches = 0
    for relative in files:
        mismatches += check_file(root, relative, arguments.write, timings)
    sys.stdout.flush()
    slowest = sorted(timings, reverse=True)[:3]
    print(f"check-docs: {len(timings)} commands, {sum(t for t, _ in timings):.1f} s; slowest: "
          + ", ".join(f"{where} {seconds:.1f} s" for seconds, where in slowest), file=sys.stderr)
    if mismatches and not arguments.write:
        print(f"check-docs: {mismatches} quoted output(s) no longer match; scripts/check-docs.sh --write refreshes them",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
