#!/usr/bin/env bash
# The structure figures of docs/development.md's "One owner for each fact", read from the
# sources with no build: the stored properties of the engine's two wide types, the funcs and
# inits with more than 10 parameters, the files outside Policies/ that spell a built-in
# policy's name, the folders of more than 30 Swift files, and the scenario keys looked up by a
# literal; and the house's figures: `public` members of `package` types (AccessLevelTests),
# functions over 80 lines and files over 400 (tests 600; SourceShapeTests), the files that
# handle a byte-order mark, `default:` in a column enum's switches, and the stored properties
# of CSVReportRecorder and Device. Prints one line per figure, then what it counted.
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

def public_members_of_package_types():
    """`public` members inside a top-level `package` type (AccessLevelTests' measure): a
    top-level declaration starts in the first column, so an indented one is a member."""
    top = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(package|public|internal|private|fileprivate)\s+)?(?:final\s+|indirect\s+)?(struct|enum|class|extension|protocol|actor|func|let|var|typealias)\b")
    member = re.compile(r"^\s+(?:@\w+(?:\([^)]*\))?\s+)*public\b")
    rows = []
    for path in swift_files(SOURCES):
        inside = False
        for number, line in enumerate(open(path).read().split("\n"), 1):
            m = top.match(line)
            if m: inside = m.group(1) == "package" and m.group(2) != "extension"
            if inside and member.match(line): rows.append(f"{path}:{number}: {line.strip()}")
    return rows

DECLARATION = re.compile(r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|static|class|final|override|mutating|nonmutating|nonisolated|convenience|required|consuming|borrowing)(?:\([^)]*\))?\s+)*(?:func\s|init[?!]?\s*[(<]|subscript\s*[(<]|deinit\s*\{)")

def long_functions(limit):
    """Functions longer than `limit` lines, measured as SourceShapeTests does: from the
    declaration to the brace closing its body; braces inside the signature's parentheses (a
    closure as a default argument) are not the body."""
    rows = []
    for path in swift_files(SOURCES):
        lines = open(path).read().split("\n")
        marks = [[c for c in re.sub(r"//.*", "", re.sub(r'"(?:[^"\\]|\\.)*"', "", l)) if c in "{}()"] for l in lines]
        for start, line in enumerate(lines):
            if not DECLARATION.match(line): continue
            parens = depth = 0; opened = False; end = start; found = None
            while end < len(lines) and (opened or end <= start + 20) and found is None:
                for c in marks[end]:
                    if c == "(": parens += 1
                    elif c == ")": parens -= 1
                    elif c == "{" and (opened or parens == 0): depth += 1; opened = True
                    elif c == "}" and opened:
                        depth -= 1
                        if depth == 0: found = end; break
                    elif c == "}" and parens == 0: end = len(lines); break
                end += 1
            if found is not None and found - start + 1 > limit:
                rows.append((found - start + 1, f"{path}:{start + 1}"))
    return sorted(rows, key=lambda r: (-r[0], r[1]))

def long_files():
    """Swift files over 400 lines in Sources, over 600 in Tests (SourceShapeTests; STYLE)."""
    rows = []
    for root, limit in (("Sources", 400), ("Tests", 600)):
        for path in swift_files(root):
            count = len(open(path).read().splitlines())
            if count > limit: rows.append((count, path))
    return sorted(rows, key=lambda r: (-r[0], r[1]))

def byte_order_mark_files():
    """Files whose code (comment lines aside) recognises a UTF-8 byte-order mark: its bytes
    EF BB BF or the scalar U+FEFF in a string."""
    mark = re.compile(r"0xEF,\s*0xBB,\s*0xBF|\\u\{FEFF\}", re.I)
    return sorted(path for path in swift_files(SOURCES)
                  if any(mark.search(l) for l in open(path) if not l.lstrip().startswith("//")))

def column_enum_defaults():
    """`default:` cases in the switches of a column enum's body or its extensions (an enum
    whose name ends in `Column`): a new case would fall into them unseen."""
    rows = []
    for path in swift_files(SOURCES):
        code = code_of(open(path).read())
        for m in re.finditer(r"\b(?:enum|extension)\s+(\w*Column)\b[^{]*\{", code):
            depth, i = 1, m.end()
            while i < len(code) and depth:
                if code[i] == "{": depth += 1
                elif code[i] == "}": depth -= 1
                i += 1
            for d in re.finditer(r"^\s*default\s*:", code[m.end():i], re.M):
                line = code.count("\n", 0, m.end() + d.start()) + 1
                rows.append(f"{path}:{line}: {m.group(1)}")
    return rows

app_path, app = stored_properties("AppRuntime", "Engine/")
sim_path, sim = stored_properties("Simulation", "Engine/Simulation.swift")
wide = decls_with_params(10)
names = policy_names()
if not names: sys.exit("metrics.sh: no type in Policies/ conforms to BuiltInPolicy")
spellings = policy_spellings(names)
spelling_files = sorted({r.split(":")[0] for r in spellings})
folders = crowded_folders(30)
lookups, keys = literal_key_lookups()
public_members = public_members_of_package_types()
functions = long_functions(80)
files = long_files()
marks = byte_order_mark_files()
defaults = column_enum_defaults()
recorder_path, recorder = stored_properties("CSVReportRecorder", "Reports/CSVReportRecorder.swift")
device_path, device = stored_properties("Device", "SuspendSimCore/Model/Device/Device.swift")

print(f"AppRuntime stored properties: {len(app)} (target <= 16)")
print(f"Simulation stored properties: {len(sim)} (target <= 20)")
print(f"funcs/inits with more than 10 parameters: {len(wide)} (target 0)")
print(f"files outside Policies/ spelling a built-in policy's name ({', '.join(names)}): {len(spelling_files)} ({len(spellings)} literals; target 0)")
print(f"folders with more than 30 Swift files: {len(folders)} (target 0)")
print(f"scenario keys looked up by literal: {len(keys)} keys, {len(lookups)} lookups (target 0)")
print(f"public members of package types: {len(public_members)} (target 0)")
print(f"functions over 80 lines: {len(functions)} (target 0)")
print(f"files over 400 lines (tests 600): {len(files)} (target 0)")
print(f"files handling the byte-order mark: {len(marks)} (target 1)")
print(f"default: in a column enum's switches: {len(defaults)} (target 0)")
print(f"CSVReportRecorder stored properties: {len(recorder)} (target < 16)")
print(f"Device stored properties: {len(device)} (target < 16)")
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
print("\n== public members of package types")
for row in public_members: print("  " + row)
print("\n== functions over 80 lines")
for count, where in functions: print(f"  {count:3d}  {where}")
print("\n== files over 400 lines (tests 600)")
for count, path in files: print(f"  {count:4d}  {path}")
print("\n== files handling the byte-order mark")
for path in marks: print("  " + path)
print("\n== default: in a column enum's switches")
for row in defaults: print("  " + row)
print(f"\n== CSVReportRecorder ({recorder_path}): " + ", ".join(recorder))
print(f"\n== Device ({device_path}): " + ", ".join(device))
PY
