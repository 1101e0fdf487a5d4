#!/usr/bin/env python3
"""Validates JSON documents against a JSON schema with the `jsonschema` package (scripts/bootstrap.sh installs it).

    validate-json-schema.py SCHEMA.json DOCUMENT.json...

Prints one line per violation (`DOCUMENT: /json/pointer: message`) and exits 1 if there is any, 2 if it cannot run.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("python3 has no jsonschema module: run scripts/bootstrap.sh (or `python3 -m pip install jsonschema`)", file=sys.stderr)
    sys.exit(2)


def main(schema_path, documents):
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema)
    violations = 0
    for path in documents:
        with open(path, encoding="utf-8") as f:
            document = json.load(f)
        for error in sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path))):
            pointer = "/" + "/".join(str(part) for part in error.absolute_path)
            print(f"{path}: {pointer}: {error.message}")
            violations += 1
    return 1 if violations else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2:]))
