#!/usr/bin/env python3
# Anchor for `lego-bench check`: runs leak-check.sql (beside this file) on TRACE with DuckDB (`pip install duckdb`)
# and prints the leaked-object count and the seconds the query took (Python's and DuckDB's start-up left out, so
# the engine is not charged for the interpreter). Exits 3 when the duckdb module is not installed.
#   python3 leak-check-duckdb.py TRACE
import os
import sys
import time

try:
    import duckdb
except ImportError:
    print("duckdb is not installed (pip install duckdb)", file=sys.stderr)
    sys.exit(3)

if len(sys.argv) != 2:
    print("usage: leak-check-duckdb.py TRACE", file=sys.stderr)
    sys.exit(2)
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "leak-check.sql")) as source:
    query = source.read()
connection = duckdb.connect()
start = time.perf_counter()
count = connection.execute(query, {"trace": sys.argv[1]}).fetchone()[0]
elapsed = time.perf_counter() - start
print(count, f"{elapsed:.6f}")
