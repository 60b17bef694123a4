#!/usr/bin/env bash
# The structure figures of docs/development.md's "One owner for each fact", read from the
# sources with no build: the stored properties of the engine's two wide types, the funcs and
# inits with more than 10 parameters, the files outside Policies/ that spell a built-in
# policy's name, the folders of more than 30 Swift files, and the scenario keys looked up by a
# literal. Prints one line per figure, then what it counted.
#
#   scripts/metrics.sh            # the figures and what they counted
#   scripts/metrics.sh --summary  # the figures alone
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "$@" <<'PY'
import os, re, sys

summary = "--summary" in sys.argv
SOURCES = "Sources"

def swift_files(root):
    for folder, _, names in sorted(os.walk(root)):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(folder, name)

def code_of(text):
    """The text with comments and string literals' contents blanked (lines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i)); i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j])); i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append('"' + re.sub(r"[^\n]", " ", text[i + 1:j - 1]) + '"'); i = j
        elif c == '"':
            j, depth = i + 1, 0
            while j < n:
                if text[j] == "\\" and j + 1 < n and text[j + 1] == "(":
                    depth += 1; j += 2; continue
                if depth and text[j] == "(": depth += 1
                elif depth and text[j] == ")": depth -= 1
                elif text[j] == "\\": j += 2; continue
                elif text[j] == '"' and not depth: break
                elif text[j] == "\n": break
                j += 1
            out.append('"' + " " * (j - i - 1) + '"'); i = j + 1
        else:
            out.append(c); i += 1
    return "".join(out)

def stored_properties(type_name, path_hint):
    """The stored properties in the body of `struct|class type_name` (extensions cannot add any)."""
    for path in swift_files(SOURCES):
        if path_hint not in path: continue
        code = code_of(open(path).read())
        m = re.search(r"\b(struct|class)\s+" + type_name + r"\b[^{]*\{", code)
        if not m: continue
        depth, start, found = 1, m.end(), []
        i = start
        while i < len(code) and depth:
            if code[i] == "{": depth += 1
            elif code[i] == "}": depth -= 1
            i += 1
        body = code[start:i - 1]
        # Keep only depth-0 lines of the body.
        depth, lines, current = 0, [], ""
        for ch in body:
            if ch == "\n":
                if current: lines.append((depth_at_start, current))
                current = ""; continue
            if not current: depth_at_start = depth
            current += ch
            if ch == "{": depth += 1
            elif ch == "}": depth -= 1
        if current: lines.append((depth_at_start, current))
        for depth0, line in lines:
            if depth0 != 0: continue
            # A type's own (static, class) properties are not stored in its values.
            d = re.match(r"\s*(?:@\w+(?:\([^)]*\))?\s+)*((?:(?:public|package|internal|private|fileprivate)(?:\(set\))?\s+|static\s+|class\s+|final\s+|lazy\s+|weak\s+|unowned\s+|nonisolated(?:\(unsafe\))?\s+)*)(var|let)\s+(\w+)(.*)", line)
            if not d or re.search(r"\b(static|class)\b", d.group(1)): continue
            rest = d.group(4)
            computed = d.group(2) == "var" and "{" in rest and "=" not in rest.split("{")[0]
            if not computed: found.append(d.group(3))
        return path, found
    return None, []

def decls_with_params(limit):
    rows = []
    for path in swift_files(SOURCES):
        code = code_of(open(path).read())
        for m in re.finditer(r"(?<![.\w])(func\s+[^\s(<]+|init[?!]?|subscript)\s*(<[^>{]*>)?\s*\(", code):
            i, depth, commas, nonblank = m.end(), 1, 0, False
            angle = 0
            while i < len(code) and depth:
                c = code[i]
                if c in "([": depth += 1
                elif c in ")]": depth -= 1
                elif c == "<" and re.match(r"\w", code[i - 1]): angle += 1
                elif c == ">" and code[i - 1] != "-" and angle: angle -= 1
                elif c == "," and depth == 1 and not angle: commas += 1
                if depth and not c.isspace(): nonblank = True
                i += 1
            count = commas + 1 if nonblank else 0
            if count > limit:
                line = code.count("\n", 0, m.start()) + 1
                rows.append((count, f"{path}:{line}", m.group(1).replace("func ", "").strip()))
    return sorted(rows, key=lambda r: (-r[0], r[1]))

def policy_name(type_name):
    """A built-in policy's name as BuiltInPolicies.name(ofType:) derives it from its type."""
    stem = type_name[:-len("Policy")] if type_name.endswith("Policy") else type_name
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "-", stem).lower()

def policy_names():
    """The names of the types that conform to BuiltInPolicy in Policies/."""
    names = []
    for path in swift_files(os.path.join(SOURCES, "SuspendSimCore/Policies")):
        for type_name in re.findall(r"\bstruct\s+(\w+)\s*:[^{]*\bBuiltInPolicy\b", open(path).read()):
            names.append(policy_name(type_name))
    return sorted(set(names))

def policy_spellings(names):
    """Lines outside Policies/ with a literal that is exactly a built-in policy's name. Not
    counted: comments, and argument-parser command names (`commandName: "jetsam"` is the
    `import jetsam` command, which reads a JetsamEvent report, not the policy)."""
    rows = []
    literal = re.compile(r'(?<!commandName: )"(' + "|".join(map(re.escape, names)) + r')"')
    for path in swift_files(SOURCES):
        if "/Policies/" in path: continue
        for number, line in enumerate(open(path), 1):
            if line.lstrip().startswith("//"): continue
            for m in literal.finditer(line):
                rows.append(f"{path}:{number}: {m.group(0)}")
    return rows

def crowded_folders(limit):
    rows = []
    for root in ("Sources", "Tests"):
        for folder, _, names in sorted(os.walk(root)):
            count = sum(name.endswith(".swift") for name in names)
            if count > limit: rows.append((count, folder))
    return rows

def literal_key_lookups():
    """Scenario keys the reader spells as a literal where it looks one up: `fields["policy"]`,
    `required(fields, "name")`, and a mapping's allowed keys `allowed: ["app", "state"]`. A
    key looked up through its table's row (`fields[ScenarioKey.policy.rawValue]`,
    `allowed: InitialKey.names`) is not counted."""
    rows, keys = [], set()
    subscript = re.compile(r'\b(?:fields|mapping|root)\["([a-z_]+)"\]')
    required = re.compile(r'\brequired\(\s*\w+\s*,\s*"([a-z_]+)"\s*\)')
    allowed = re.compile(r'\ballowed:\s*\[([^\]]*)\]')
    for path in swift_files(os.path.join(SOURCES, "SuspendSim/Scenario")):
        for number, line in enumerate(open(path), 1):
            if line.lstrip().startswith("//"): continue
            for m in list(subscript.finditer(line)) + list(required.finditer(line)):
                rows.append(f"{path}:{number}: {m.group(0)}"); keys.add(m.group(1))
            for m in allowed.finditer(line):
                spelled = re.findall(r'"([a-z_]+)"', m.group(1))
                if spelled:
                    rows.append(f"{path}:{number}: {m.group(0)}"); keys.update(spelled)
    return rows, keys

app_path, app = stored_properties("AppRuntime", "Engine/")
sim_path, sim = stored_properties("Simulation", "Engine/Simulation.swift")
wide = decls_with_params(10)
names = policy_names()
if not names: sys.exit("metrics.sh: no type in Policies/ conforms to BuiltInPolicy")
spellings = policy_spellings(names)
spelling_files = sorted({r.split(":")[0] for r in spellings})
folders = crowded_folders(30)
lookups, keys = literal_key_lookups()

print(f"AppRuntime stored properties: {len(app)} (target <= 16)")
print(f"Simulation stored properties: {len(sim)} (target <= 20)")
print(f"funcs/inits with more than 10 parameters: {len(wide)} (target 0)")
print(f"files outside Policies/ spelling a built-in policy's name ({', '.join(names)}): {len(spelling_files)} ({len(spellings)} literals; target 0)")
print(f"folders with more than 30 Swift files: {len(folders)} (target 0)")
print(f"scenario keys looked up by literal: {len(keys)} keys, {len(lookups)} lookups (target 0)")
if summary: sys.exit(0)
print(f"\n== AppRuntime ({app_path}): " + ", ".join(app))
print(f"\n== Simulation ({sim_path}): " + ", ".join(sim))
print("\n== more than 10 parameters")
for count, where, name in wide: print(f"  {count:3d}  {where}  {name}")
print("\n== policy names outside Policies/")
for row in spellings: print("  " + row)
print("\n== folders over 30 Swift files")
for count, folder in folders: print(f"  {count:3d}  {folder}")
print("\n== scenario keys by literal: " + ", ".join(sorted(keys)))
for row in lookups: print("  " + row)
PY
