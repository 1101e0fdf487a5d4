#!/usr/bin/env bash
# The recorder's tests (`make -C recorders/objc test`): runs each journey of Tests/Journeys/Journeys.m on the
# framework double, then checks its trace with lego-trace:
#   journey-<name>     check reports exactly Tests/expected/<name>.findings, and the trace ended cleanly
#   graph-<name>       graph marks exactly those modules, and draws the graph as SVG
#   same-as-runtime-<name>  the same journey as a runtime scenario (Tests/scenarios/<name>.yml) gives the same findings
#                      and declares the same modules under the same prefix
#   declarations       the prefix and every module class family come first, reached or not; the graph says which
#                      were never reached; classes named like modules that are none are not declared
#   declare-again      modules declared before the prefix was inferred are declared again under their names
#   legacy-url-check   a declared controller never opened ends the legacy URL check as legal, as verifyController:
#   threads            8 threads send events while modules come and go: every event once, seq 1..N in order
#   kill-9             a journey killed with SIGKILL leaves a trace check reads, up to its last flush (explicit,
#                      then the writer's own every 250 ms)
#   back-gesture       the user's back gesture (xfLego_implicitRemoveComponentWithTransitionBlock:) is a pop
#   autostart-env / autostart-argument   LEGO_TRACE_FILE / -LegoTraceFile PATH start the recorder with no code
#   hostile-text       quotes, backslashes, control characters, markup, emoji and Chinese come back unchanged
#   refusals           bad paths and a second start are refused with a reason, never a crash
#   leak-warning       live leak warnings (off by default): one console line and one handler call for the leak only
#   qf-journey-<name>, qf-graph-<name>, qf-same-as-runtime-<name>   the same for the QFMoudle double's journeys
#                      (Tests/Journeys/QFJourneys.m)
#   qf-block-captures  the capture reader on blocks of each kind (strong, unretained, int, __block, block) and others
#   qf-callback-captures  what a callback block captures strongly, read from the block: the detail's controller (a
#                      cycle, qf-callback-retains-caller), nothing for an unretained, an int, a __block capture, and
#                      the opener's controller (no cycle)
#   qf-leak-warning    live leak warnings in a QFMoudle app: one line for the detail its callback keeps
#   qf-kvc-verdicts    KVC verdicts from Apple-style property attributes (weak, copy, readonly, blocks, scalars)
set -euo pipefail
cd "$(dirname "$0")/.."
: "${LEGO_TRACE:?set LEGO_TRACE to the lego-trace binary}"
BUILD=${BUILD:-build}
journeys="$BUILD/journeys"
out="$BUILD/traces"
rm -rf "$out"
mkdir -p "$out"
failures=0

pass() { echo "ok    $1"; }
fail() { echo "FAIL  $1: $2" >&2; failures=$((failures + 1)); }

# check's findings as sorted "rule module" lines; check exits 0 (none) or 1 (findings), never 2 (unreadable).
findings() {
    local status=0
    "$LEGO_TRACE" check "$1" --format json -o "$1.check.json" || status=$?
    if [ "$status" -gt 1 ]; then echo "check exited $status" >&2; return 1; fi
    jq -r '.findings[] | "\(.ruleId) \(.module)"' "$1.check.json" | sort
}

# graph's marks as the "rule module" lines they stand for.
marks() {
    "$LEGO_TRACE" graph "$1" "$1.graph.json" --format json >/dev/null
    jq -r '.marks[] | "\(.kind) \(.module)"' "$1.graph.json" \
        | sed -e 's/^leaked /leaked-module /' -e 's/^duplicateName /duplicate-module-name /' -e 's/^illegalURL /illegal-url-hierarchy /' -e 's/^orphan /other /' -e 's/^unconfirmed /other /' \
        | sort
}

# The prefix and the modules a trace declares, as sorted, distinct "kind name cls mk gene value" lines ("-": absent).
declared() {
    jq -r 'select(.kind == "module.declare" or .kind == "prefix.set") | [.kind, .name, .cls, .mk, .gene, .value] | map(. // "-") | join(" ")' "$1" | sort -u
}

for name in push-pop back-gesture retain-cycle two-tabs illegal-url evict controller-and-events shared-module; do
    trace="$out/$name.jsonl"
    expected=$(sort "Tests/expected/$name.findings")
    if ! "$journeys" "$name" "$trace" 2>"$out/$name.stderr"; then
        fail "journey-$name" "the journey failed: $(tail -1 "$out/$name.stderr")"
        continue
    fi
    got=$(findings "$trace") || { fail "journey-$name" "check could not read $trace"; continue; }
    clean=$(jq -r '.trace.endedCleanly' "$trace.check.json")
    if [ "$got" = "$expected" ] && [ "$clean" = true ]; then pass "journey-$name"; else
        fail "journey-$name" "expected [$expected], ended cleanly; got [$got], endedCleanly=$clean"
    fi

    # graph marks the three defects by kind and every other rule as "other".
    expectedMarks=$(echo "$expected" | sed -E '/^(leaked-module|duplicate-module-name|illegal-url-hierarchy) /!s/^[^ ]+ /other /' | sort)
    drawn=$(marks "$trace")
    if [ "$drawn" = "$expectedMarks" ] && "$LEGO_TRACE" graph "$trace" "$out/$name.svg" >/dev/null && grep -q '<svg' "$out/$name.svg"; then
        pass "graph-$name"
    else
        fail "graph-$name" "expected marks [$expectedMarks], got [$drawn] (or no SVG)"
    fi

    runtime="$out/$name.runtime.jsonl"
    "$LEGO_TRACE" record "Tests/scenarios/$name.yml" -o "$runtime" >/dev/null
    fromRuntime=$(findings "$runtime")
    declaredByRuntime=$(declared "$runtime")
    declaredHere=$(declared "$trace")
    if [ "$fromRuntime" = "$got" ] && [ "$declaredByRuntime" = "$declaredHere" ]; then pass "same-as-runtime-$name"; else
        fail "same-as-runtime-$name" "recorder [$got], runtime [$fromRuntime]; declared by the recorder [$declaredHere], by the runtime [$declaredByRuntime]"
    fi
done

# QFMoudle: the journeys of Tests/Journeys/QFJourneys.m on the QFMoudle double. The trace says qfmoudle, format 2.0;
# check reports exactly Tests/expected/qf-NAME.findings; the same journey as a runtime scenario gives the same
# findings (a callback block's captures included: the recorder reads them from the block) and declares the same
# protocols with the same classes.
for name in push-pop faults callback-cycle; do
    trace="$out/qf-$name.jsonl"
    expected=$(sort "Tests/expected/qf-$name.findings")
    if ! "$BUILD/qf-journeys" "$name" "$trace" 2>"$out/qf-$name.stderr"; then
        fail "qf-journey-$name" "the journey failed: $(tail -1 "$out/qf-$name.stderr")"
        continue
    fi
    got=$(findings "$trace") || { fail "qf-journey-$name" "check could not read $trace"; continue; }
    clean=$(jq -r '.trace.endedCleanly' "$trace.check.json")
    header=$(head -1 "$trace" | jq -r '"\(.framework) \(.version)"')
    if [ "$got" = "$expected" ] && [ "$clean" = true ] && [ "$header" = "qfmoudle 2.0" ]; then pass "qf-journey-$name"; else
        fail "qf-journey-$name" "expected [$expected], ended cleanly, header qfmoudle 2.0; got [$got], endedCleanly=$clean, header $header"
    fi
    if "$LEGO_TRACE" graph "$trace" "$out/qf-$name.svg" >/dev/null && grep -q '<svg' "$out/qf-$name.svg"; then pass "qf-graph-$name"; else
        fail "qf-graph-$name" "graph drew no SVG"
    fi
    runtime="$out/qf-$name.runtime.jsonl"
    "$LEGO_TRACE" record "Tests/scenarios/qf-$name.yml" -o "$runtime" >/dev/null
    fromRuntime=$(findings "$runtime")
    if [ "$fromRuntime" = "$got" ] && [ "$(declared "$runtime")" = "$(declared "$trace")" ]; then pass "qf-same-as-runtime-$name"; else
        fail "qf-same-as-runtime-$name" "recorder [$got], runtime [$fromRuntime]; declared by the recorder [$(declared "$trace" | tr '\n' ';')], by the runtime [$(declared "$runtime" | tr '\n' ';')]"
    fi
done

# The capture reader on its own (LTBlockStrongCaptures, Tests/Journeys/QFCallbacks.m): nothing from nil, a string,
# a global block, an int, a captured block, a __block variable or an unretained object; the strong objects of a
# block on the stack and of its heap copy, in capture order, one object in two variables twice; against Tests/expected/qf-block-captures.txt.
if "$BUILD/qf-journeys" block-captures - >"$out/qf-block-captures.txt" 2>"$out/qf-block-captures.stderr" \
    && diff -u Tests/expected/qf-block-captures.txt "$out/qf-block-captures.txt" >"$out/qf-block-captures.diff"; then
    pass "qf-block-captures"
else
    fail "qf-block-captures" "$(cat "$out/qf-block-captures.diff" "$out/qf-block-captures.stderr")"
fi

# Five details get a callback each before their controllers are shown (Tests/Journeys/QFJourneys.m, callbackCaptures):
# `callback.set` names what each block captures strongly, read from the block itself: the first detail's controller
# (announced on the way, holding that detail), nothing for a controller captured unretained, an int, or a __block
# variable (the byref is not opened), and the opener's Home controller. Only the first closes a cycle
# (qf-callback-retains-caller); that detail, never shown and kept by the cycle, is an orphan, and five details alive
# at once are qf-module-per-call (Tests/expected/qf-callback-captures.findings).
trace="$out/qf-callback-captures.jsonl"
if "$BUILD/qf-journeys" callback-captures "$trace" 2>"$out/qf-callback-captures.stderr"; then
    got=$(findings "$trace" || echo unreadable)
    # Each callback.set as "module: captured controller's class (the module it holds)" or "module: -".
    captures=$(jq -rs '(map(select(.kind == "object.alloc")) | map({key: (.obj | tostring), value: .}) | from_entries) as $alloc
        | map(select(.kind == "callback.set")) | map("\(.obj): " + (if (.objs | length) == 0 then "-"
            else (.objs | map("\($alloc[tostring].cls)(\($alloc[tostring].peer))") | join(",")) end)) | join("; ")' "$trace")
    details=$(jq -r 'select(.kind == "object.alloc" and .cls == "Detail") | .obj' "$trace" | tr '\n' ' ')
    home=$(jq -r 'select(.kind == "object.alloc" and .cls == "QFHomeViewController") | .peer' "$trace")
    read -r first second third fourth fifth <<<"$details"
    wanted="$first: QFDetailViewController($first); $second: -; $third: -; $fourth: -; $fifth: QFHomeViewController($home)"
    expected=$(sort Tests/expected/qf-callback-captures.findings)
    if [ "$captures" = "$wanted" ] && [ "$got" = "$expected" ]; then
        pass "qf-callback-captures"
    else
        fail "qf-callback-captures" "callback.set [$captures], expected [$wanted]; findings [$got], expected [$expected]"
    fi
else
    fail "qf-callback-captures" "the journey failed: $(tail -1 "$out/qf-callback-captures.stderr")"
fi

# Live leak warnings in a QFMoudle app (grace 0.3 s): a detail popped and gone gives none, the detail kept by its
# callback's capture gives one console line naming its protocol and controller, and the same text to the handler;
# check names the leak and the capture (qf-callback-retains-caller).
trace="$out/qf-leak-warning.jsonl"
if "$BUILD/qf-journeys" leak-warning "$trace" 2>"$out/qf-leak-warning.stderr"; then
    popSeq=$(jq -r 'select(.kind == "transition.begin" and .op == "pop") | .seq' "$trace" | tail -1)
    line="LegoTraceRecorder: leak: Detail \(QFDetailViewController#[0-9]+\) is still alive 0.3 s after its pop at seq $popSeq"
    consoleLines=$(grep -v '^handler: ' "$out/qf-leak-warning.stderr" | grep -cE "$line" || true)
    handlerLines=$(grep -cE "^handler: $line" "$out/qf-leak-warning.stderr" || true)
    if [ -n "$popSeq" ] && [ "$consoleLines" = 1 ] && [ "$handlerLines" = 1 ] && [ "$(findings "$trace" | tr '\n' ' ')" = "leaked-module Detail qf-callback-retains-caller Detail " ]; then
        pass "qf-leak-warning"
    else
        fail "qf-leak-warning" "pop at seq [$popSeq], $consoleLines console and $handlerLines handler warnings (1 each): $(cat "$out/qf-leak-warning.stderr")"
    fi
else
    fail "qf-leak-warning" "the journey failed: $(tail -1 "$out/qf-leak-warning.stderr")"
fi

# The KVC verdicts for properties as Apple's runtime describes them (weak, copy, readonly, blocks, scalars), which
# gcc's runtime cannot describe, against Tests/expected/qf-verdicts.txt (the runtime model's QFKeyValueCoding rules).
if "$BUILD/qf-journeys" verdicts - >"$out/qf-verdicts.txt" 2>"$out/qf-verdicts.stderr" \
    && diff -u Tests/expected/qf-verdicts.txt "$out/qf-verdicts.txt" >"$out/qf-verdicts.diff"; then
    pass "qf-kvc-verdicts"
else
    fail "qf-kvc-verdicts" "$(cat "$out/qf-verdicts.diff" "$out/qf-verdicts.stderr")"
fi

# Before the first framework event: prefix.set, then one module.declare per module class family of the app; a
# module no journey reaches (Mine, the controller About, the view model Profile) is on the graph as never reached.
trace="$out/push-pop.jsonl"
kinds=$(tail -n +2 "$trace" | jq -r '.kind')
firstKind=$(echo "$kinds" | head -1)
declarations=$(echo "$kinds" | awk '$1 != "module.declare" && NR > 1 {print NR - 2; exit}')
laterDeclarations=$(echo "$kinds" | tail -n +$((declarations + 2)) | grep -c '^module.declare$' || true)
mine=$(declared "$trace")
missing=""
for line in "prefix.set - - - - XF" "module.declare Home XFHomeRouting viper - -" "module.declare Mine XFMineRouting viper - -" \
    "module.declare AllPost XFAllPostRouting virtual Post -" "module.declare About XFAboutViewController controller - -" \
    "module.declare Profile XFProfileViewModel viewModel - -"; do
    echo "$mine" | grep -qxF "$line" || missing="$missing [$line]"
done
# Named like modules and none: no component protocol, or the framework's own base classes.
impostors=$(echo "$mine" | grep -E ' (XFPlainViewController|XFHelperViewModel|XFComponentViewController|LEViewModel) ' || true)
"$LEGO_TRACE" graph "$trace" "$trace.declared.json" --format json >/dev/null
reached=$(jq -r '.nodes[] | select(.name == "Home" or .name == "Detail" or .name == "Mine" or .name == "About" or .name == "Profile") | "\(.name) \(.reached)"' "$trace.declared.json" | sort | tr '\n' ' ')
if [ "$firstKind" = prefix.set ] && [ "$declarations" = 13 ] && [ "$laterDeclarations" = 0 ] && [ -z "$missing" ] && [ -z "$impostors" ] \
    && [ "$reached" = "About false Detail true Home true Mine false Profile false " ]; then
    pass "declarations"
else
    fail "declarations" "first event $firstKind (prefix.set), $declarations declarations first (13), $laterDeclarations later (0), missing$missing, declared impostors [$impostors], reached [$reached]"
fi

# The recorder started before the prefix was inferred (as at load on iOS): declared first under no prefix, then
# again under their names once it is; the replay keeps the later declaration of each class.
trace="$out/late-prefix.jsonl"
if "$journeys" late-prefix "$trace" 2>"$out/late-prefix.stderr"; then
    got=$(findings "$trace" || echo unreadable)
    early=$(jq -r 'select(.kind == "module.declare") | .name' "$trace" | head -13 | tr '\n' ' ')
    again=$(jq -c 'select(.kind == "prefix.set")' "$trace" | wc -l)
    afterPrefix=$(awk '/"kind":"prefix.set"/ {found = 1} found' "$trace" > "$trace.after" && declared "$trace.after")
    "$LEGO_TRACE" graph "$trace" "$trace.graph.json" --format json >/dev/null
    nodes=$(jq -r '.nodes[].name' "$trace.graph.json" | sort | tr '\n' ' ')
    expectedNodes=$(jq -r '.nodes[].name' "$out/push-pop.jsonl.declared.json" | sort | tr '\n' ' ')
    if [ -z "$got" ] && [[ "$early" == "XFAbout XFAllPost "* ]] && [ "$again" = 1 ] && [ "$afterPrefix" = "$(declared "$out/push-pop.jsonl")" ] \
        && [ "$nodes" = "$expectedNodes" ]; then
        pass "declare-again"
    else
        fail "declare-again" "findings [$got], first declared [$early], $again prefix.set (1), declared after it [$afterPrefix], graph [$nodes], expected [$expectedNodes]"
    fi
else
    fail "declare-again" "the journey failed: $(tail -1 "$out/late-prefix.stderr")"
fi

# List opens xf://home/about/mine; About is a controller component never opened. The strict check finds the path
# illegal; the legacy one (`XFControllerReflect verifyController:`) ends as legal at a segment naming a controller
# class, which only About's module.declare tells it: without that line it finds the path illegal too.
trace="$out/legacy-about.jsonl"
if "$journeys" legacy-about "$trace" 2>"$out/legacy-about.stderr"; then
    strict=$(findings "$trace" || echo unreadable)
    legacy=$("$LEGO_TRACE" check "$trace" --url-check legacy --format json -o "$trace.legacy.json" >/dev/null 2>&1; \
        jq -r '.findings[] | "\(.ruleId) \(.module)"' "$trace.legacy.json" | sort)
    grep -v '"kind":"module.declare","name":"About"' "$trace" > "$out/legacy-about-undeclared.jsonl"
    undeclared=$("$LEGO_TRACE" check "$out/legacy-about-undeclared.jsonl" --url-check legacy --format json -o "$out/legacy-about-undeclared.json" >/dev/null 2>&1; \
        jq -r '.findings[] | "\(.ruleId) \(.module)"' "$out/legacy-about-undeclared.json" | sort)
    if [ "$strict" = "illegal-url-hierarchy Mine" ] && [ -z "$legacy" ] && [ "$undeclared" = "illegal-url-hierarchy Mine" ]; then
        pass "legacy-url-check"
    else
        fail "legacy-url-check" "strict [$strict] (illegal-url-hierarchy Mine), legacy [$legacy] (none), legacy without About declared [$undeclared] (illegal-url-hierarchy Mine)"
    fi
else
    fail "legacy-url-check" "the journey failed: $(tail -1 "$out/legacy-about.stderr")"
fi

# Hostile text in an event name comes out escaped and reads back byte for byte.
trace="$out/hostile-text.jsonl"
if "$journeys" hostile-text "$trace" 2>"$out/hostile-text.stderr" && [ -z "$(findings "$trace")" ] \
    && jq -j 'select(.kind == "event.send") | .value' "$trace" | cmp -s - "$trace.expected" \
    && [ "$(wc -l < "$trace")" = "$(jq -c . "$trace" | wc -l)" ]; then
    pass "hostile-text"
else
    fail "hostile-text" "the event name did not come back unchanged (or a line is not one JSON object)"
fi

# 8 senders × 2,000 events to Detail while the main thread pushes and pops it 50 times.
trace="$out/threads.jsonl"
if "$journeys" threads "$trace" >"$out/threads.stdout" 2>"$out/threads.stderr"; then
    # Events sent while no Detail was on screen are lost (lost-event warnings, true here); nothing else may show.
    got=$(findings "$trace" | grep -v '^lost-event Detail$' || true)
    [ -s "$trace.check.json" ] || got=unreadable
    sends=$(grep -c '"kind":"event.send"' "$trace" || true)
    perSender=$(grep -o '"value":"Ping[0-9]"' "$trace" | sort | uniq -c | awk '{print $1}' | sort -u | tr '\n' ' ')
    # seq is 1, 2, 3, … down the file: nothing lost, nothing written twice, nothing out of order.
    gaps=$(tail -n +2 "$trace" | grep -o '^{"seq":[0-9]*' | cut -d: -f2 | awk '$1 != NR {bad++} END {print bad + 0}')
    threads=$(grep -o '"th":[0-9]*' "$trace" | sort -u | wc -l)
    if [ -z "$got" ] && [ "$sends" = 16000 ] && [ "$perSender" = "2000 " ] && [ "$gaps" = 0 ] && [ "$threads" -ge 9 ]; then
        pass "threads"
    else
        fail "threads" "findings [$got], $sends event.send (16000), per sender [$perSender], $gaps seq out of place, $threads threads"
    fi
else
    fail "threads" "the journey failed: $(tail -1 "$out/threads.stderr")"
fi

# SIGKILL after a flush: the trace has no end marker and check reads it, with everything up to the flush.
trace="$out/kill-9.jsonl"
"$journeys" until-killed "$trace" >"$out/kill-9.stdout" 2>"$out/kill-9.stderr" &
victim=$!
for _ in $(seq 1 100); do grep -q flushed "$out/kill-9.stdout" 2>/dev/null && break; sleep 0.05; done
# Long enough for the background writer's 250 ms flushes to write some of the events sent after +flush.
sleep 0.8
kill -9 "$victim" 2>/dev/null || true
wait "$victim" 2>/dev/null || true
flushed=$(grep -c flushed "$out/kill-9.stdout" || true)
got=$(findings "$trace" || echo "unreadable")
clean=$(jq -r '.trace.endedCleanly' "$trace.check.json" 2>/dev/null || echo "?")
pushes=$(grep -c '"kind":"transition.end","name":"Detail".*"op":"push"' "$trace" || true)
# (until-killed itself checked that +flush, then the background notification, put each push in the file at once.)
ticks=$(grep -c '"value":"Tick"' "$trace" || true)
if [ "$flushed" = 1 ] && [ "$got" != unreadable ] && [ "$clean" = false ] && [ "$pushes" = 3 ] && [ "$ticks" -gt 0 ] \
    && ! grep -q '"trace.end"' "$trace"; then
    pass "kill-9"
else
    fail "kill-9" "flushed=$flushed findings=[$got] endedCleanly=$clean pushes before the flush=$pushes (3) events written by the periodic flush after it=$ticks (>0)"
fi

# No code: the environment variable, then the launch argument, start the recording at load; the app terminating
# (UIApplicationWillTerminateNotification) ends it with the end marker.
# autostart NAME COMMAND…: the journey `autostart`, started by COMMAND's environment or arguments, wrote its trace.
autostart() {
    local name=$1 trace="$out/$1.jsonl"
    shift
    if "$@" 2>"$out/$name.stderr" && [ -z "$(findings "$trace")" ] && grep -q '"kind":"routing.add","name":"Detail"' "$trace" \
        && tail -1 "$trace" | grep -q '"kind":"trace.end"'; then
        pass "$name"
    else
        fail "$name" "no trace of the journey, or no end marker, in $trace"
    fi
}
autostart autostart-env env LEGO_TRACE_FILE="$out/autostart-env.jsonl" "$journeys" autostart unused
autostart autostart-argument env -u LEGO_TRACE_FILE "$journeys" autostart unused -LegoTraceFile "$out/autostart-argument.jsonl"

# An empty path, a directory, a symlink, a missing folder and a second start are refused with a reason; the trace
# of the one good start holds its header and the end marker.
folder="$out/refusals"
mkdir -p "$folder"
if "$journeys" refusals "$folder" >"$out/refusals.stdout" 2>"$out/refusals.stderr" \
    && [ "$(grep -c '^refused' "$out/refusals.stdout")" = 5 ] && [ "$(wc -l < "$folder/ok.jsonl")" = 2 ] \
    && tail -1 "$folder/ok.jsonl" | grep -q '"kind":"trace.end","n":0' && [ ! -s "$folder/target.jsonl" ]; then
    pass "refusals"
else
    fail "refusals" "$(cat "$out/refusals.stderr")"
fi

# Live leak warnings, off by default: the retain-cycle journey printed none. Turned on (grace 0.3 s), Detail popped
# and gone gives none, Login dismissed and kept by a cycle gives one console line, naming the module, its presenter,
# what holds it and the seq of its dismiss in the trace, and the same text to the handler.
trace="$out/leak-warning.jsonl"
if "$journeys" leak-warning "$trace" 2>"$out/leak-warning.stderr"; then
    dismissSeq=$(jq -r 'select(.kind == "transition.begin" and .op == "dismiss" and .name == "Login") | .seq' "$trace")
    line="LegoTraceRecorder: leak: Login \(XFLoginPresenter#[0-9]+\) is still alive 0.3 s after its dismiss at seq $dismissSeq; held by: no framework reference"
    consoleLines=$(grep -v '^handler: ' "$out/leak-warning.stderr" | grep -cE "$line" || true)
    handlerLines=$(grep -cE "^handler: $line" "$out/leak-warning.stderr" || true)
    quiet=$(grep -c 'LegoTraceRecorder: leak:' "$out/retain-cycle.stderr" || true)
    if [ -n "$dismissSeq" ] && [ "$consoleLines" = 1 ] && [ "$handlerLines" = 1 ] && [ "$quiet" = 0 ] \
        && [ "$(findings "$trace")" = "leaked-module Login" ]; then
        pass "leak-warning"
    else
        fail "leak-warning" "dismiss at seq [$dismissSeq], $consoleLines console and $handlerLines handler warnings (1 each), $quiet without asking (0): $(cat "$out/leak-warning.stderr")"
    fi
else
    fail "leak-warning" "the journey failed: $(tail -1 "$out/leak-warning.stderr")"
fi

if [ "$failures" -gt 0 ]; then
    echo "recorder tests: $failures failed" >&2
    exit 1
fi
echo "recorder tests: all passed"
