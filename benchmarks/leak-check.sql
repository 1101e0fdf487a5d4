-- Anchor for `lego-bench check`: the leak check as a DuckDB query over the trace with `read_json`, to show what a
-- general-purpose analytical engine costs on the same file. It computes what `leak-check-simdjson.cpp` and
-- `leak-check.jq` compute: how many objects an `object.alloc` event created that no `object.deinit` event destroyed
-- (object ids are never reused within a trace). `$trace` is replaced with the trace's path by leak-check-duckdb.py.
WITH events AS (
    SELECT kind, obj
    FROM read_json($trace, format = 'newline_delimited', columns = {'kind': 'VARCHAR', 'obj': 'UBIGINT'})
)
SELECT count(*) FROM (
    SELECT obj FROM events WHERE kind = 'object.alloc'
    EXCEPT
    SELECT obj FROM events WHERE kind = 'object.deinit'
);
