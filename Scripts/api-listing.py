#!/usr/bin/env python3
"""The public API listing of the package's library products, from the compiler's symbol graphs.

    api-listing.py modules                   the targets of the package's library products
    api-listing.py list GRAPHS MODULE        the listing of MODULE, on standard output

`list` prints one line per public declaration (its path, then its declaration as the compiler
spells it, white space folded) and one line per type's conformances, sorted, so the same API
always gives the same text. A protocol extension's default implementation of a requirement is
listed apart, marked `(default)`, so a requirement without one (which every conforming type must
answer) is told from one with one. It exits 1, naming them on standard error, when a public
declaration has no doc comment. Members the compiler synthesizes from a standard-library
protocol (hashValue of a RawRepresentable enum, say) are left out: the conformance line stands
for them. Called by Scripts/api.
"""
import glob, json, os, re, subprocess, sys


def modules():
    described = json.loads(subprocess.run(["swift", "package", "describe", "--type", "json"], check=True,
                                          capture_output=True, text=True).stdout)
    for product in described["products"]:
        if "library" in product["type"]:
            for target in product["targets"]:
                print(target)


def declaration(symbol):
    text = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
    return re.sub(r"\s+", " ", text).strip()


def listing(graphs, module):
    files = [os.path.join(graphs, module + ".symbols.json")]
    files += sorted(glob.glob(os.path.join(graphs, module + "@*.symbols.json")))
    lines, undocumented = set(), []
    for path in files:
        graph = json.load(open(path))
        extended = os.path.basename(path)[len(module) + 1:-len(".symbols.json")] if "@" in path else None
        names = {s["identifier"]["precise"]: ".".join(s["pathComponents"]) for s in graph["symbols"]}
        defaults = {r["source"] for r in graph["relationships"] if r["kind"] == "defaultImplementationOf"}
        for symbol in graph["symbols"]:
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            name = ".".join(symbol["pathComponents"])
            where = f" (extension in {module} of {extended})" if extended else ""
            if symbol["identifier"]["precise"] in defaults:
                where += " (default)"
            lines.add(f"{name}: {declaration(symbol)}{where}")
            if not symbol.get("docComment"):
                undocumented.append(name + where)
        conformances = {}
        for relation in graph["relationships"]:
            if relation["kind"] != "conformsTo" or relation["source"] not in names:
                continue
            target = names.get(relation["target"]) or relation.get("targetFallback", relation["target"])
            conformances.setdefault(names[relation["source"]], set()).add(target.split(".")[-1])
        for name, targets in conformances.items():
            lines.add(f"{name}: conforms to {', '.join(sorted(targets))}")
    header = [
        f"// The public API of the {module} module, generated from the compiler's symbol graph by",
        "// Scripts/api. Do not edit: change the code, run `Scripts/api --update` and commit the two",
        "// together, so every change to the public API is a diff someone reviews.",
        "",
    ]
    print("\n".join(header + sorted(lines)))
    if undocumented:
        for name in sorted(undocumented):
            print(f"api: {module}: no doc comment: {name}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    if sys.argv[1:] == ["modules"]:
        modules()
    elif len(sys.argv) == 4 and sys.argv[1] == "list":
        listing(sys.argv[2], sys.argv[3])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
