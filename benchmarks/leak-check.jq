# Anchor for `lego-bench check`: the leak check in jq, to show what a general-purpose JSON tool costs on the same
# trace. It computes what leak-check.sql and leak-check-simdjson.cpp compute: how many objects an `object.alloc`
# event created that no `object.deinit` event destroyed.
#   jq -n -f leak-check.jq TRACE
reduce inputs as $event ({};
    if $event.kind == "object.alloc" then .[$event.obj | tostring] = true
    elif $event.kind == "object.deinit" then del(.[$event.obj | tostring])
    else . end)
| length
