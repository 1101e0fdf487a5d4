function __lego-trace_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __lego-trace_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __lego-trace_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __lego-trace_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __lego-trace_parse_tokens -S
    set -l unparsed_tokens (__lego-trace_tokens -pc)
    switch $unparsed_tokens[1]
    case 'lego-trace'
        __lego-trace_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'record'
            __lego-trace_parse_subcommand -r 2 'o/output=' 'logs' 'version' 'h/help'
        case 'check'
            __lego-trace_parse_subcommand 1 'f/format=' 'o/output=' 'open' 'fail-on=' 'baseline=' 'write-baseline=' 'color=' 'q/quiet' 'config=' 'url-check=' 'grace=' 'lenient' 'max-line-bytes=' 'source=' 'model=' 'version' 'h/help'
        case 'graph'
            __lego-trace_parse_subcommand -r 1 'f/format=' 'at=' 'focus=' 'depth=' 'layout=' 'force' 'open' 'no-findings' 'no-unreached' 'config=' 'url-check=' 'grace=' 'max-line-bytes=' 'version' 'h/help'
        case 'export'
            __lego-trace_parse_subcommand -r 1 'f/format=' 'max-line-bytes=' 'version' 'h/help'
        case 'import'
            __lego-trace_parse_subcommand 1 'o/output=' 'pid=' 'max-line-bytes=' 'version' 'h/help'
        case 'scan'
            __lego-trace_parse_subcommand 1 'framework=' 'f/format=' 'o/output=' 'open' 'fail-on=' 'baseline=' 'write-baseline=' 'color=' 'q/quiet' 'config=' 'url-check=' 'model=' 'scenario=' 'graph=' 'exclude=+' 'version' 'h/help'
        case 'rules'
            __lego-trace_parse_subcommand 0 'explain=' 'framework=' 'version' 'h/help'
        case 'help'
            __lego-trace_parse_subcommand -r 1 'version'
        end
    end
end

function __lego-trace_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __lego-trace_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __lego-trace_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __lego-trace_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__lego-trace_tokens -p)
    if test -z "$(__lego-trace_tokens -t)"
        set -l index (count (__lego-trace_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'lego-trace' -f
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace" version' -l 'version' -d 'Show the version.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_positional "lego-trace" -eq 1' -fa 'record' -d 'Record a trace from a scenario, the embedded sample app, or a program linking LegoRuntime.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_positional "lego-trace" -eq 1' -fa 'check' -d 'Replay a trace and report leaked modules, duplicate names, illegal URL hierarchies and more.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_positional "lego-trace" -eq 1' -fa 'graph' -d 'Draw the modules of a trace and how they relate (DOT, SVG, PNG, PDF, JSON or an interactive HTML page).'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_positional "lego-trace" -eq 1' -fa 'export' -d 'Export a trace\'s module lifetimes, transitions, URL opens and findings for other tools.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_positional "lego-trace" -eq 1' -fa 'import' -d 'Import an XFLegoVIPER or NNModule-swift app\'s console log (routing link, component trace, router errors) as a trace.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_positional "lego-trace" -eq 1' -fa 'scan' -d 'Read an app\'s Objective-C and Swift source: module map, URLs, transitions, events and static findings.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_positional "lego-trace" -eq 1' -fa 'rules' -d 'List the detectors, or explain one with --explain ID.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_positional "lego-trace" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace record" o output' -l 'output' -s 'o' -d 'Where to write the trace.' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace record" logs' -l 'logs' -d 'Also print the framework\'s routing link and component trace logs to standard error.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace record" version' -l 'version' -d 'Show the version.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace record" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace check" f format' -s 'f' -l 'format' -d 'The report format (html: an interactive page with the graph, module lifetimes and findings).' -rfka 'text json sarif junit github markdown xcode html'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace check" o output' -l 'output' -s 'o' -d 'Write the report to FILE (`-`: standard output, the default).' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace check" open' -l 'open' -d 'Open the report once it is written (html: in the browser); needs --output FILE.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace check" fail-on' -l 'fail-on' -d 'Lowest severity that fails the command.' -rfka 'error warning note never'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace check" baseline' -l 'baseline' -d 'Fail only on findings not in this baseline file.' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace check" write-baseline' -l 'write-baseline' -d 'Write the current findings\' fingerprints to FILE (the run then exits 0).' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace check" color' -l 'color' -d 'When to colour the text report (auto: only on a terminal, and never with NO_COLOR set).' -rfka 'auto always never'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace check" q quiet' -s 'q' -l 'quiet' -d 'Print nothing on standard error but errors.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace check" config' -l 'config' -d 'Config file. Default: .lego-trace.yml in the current directory, if present.' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace check" url-check' -l 'url-check' -d 'URL hierarchy check: strict checks every segment, legacy is the framework\'s own check. Default: config or strict.' -rfka 'strict legacy'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace check" grace' -l 'grace' -d 'Seconds of trace time a module may outlive its screen (default: config or 2).' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace check" lenient' -l 'lenient' -d 'Skip malformed lines instead of stopping at the first one.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace check" max-line-bytes' -l 'max-line-bytes' -d 'The longest line read, in bytes; a longer one is an error (check skips it with --lenient).' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace check" source' -l 'source' -d 'The app\'s source folder: each finding points at its class or call site there (XFLegoVIPER); the trace line stays related.' -rfa '(__lego-trace_complete_directories)'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace check" model' -l 'model' -d 'A `scan --model` file of the app, instead of --source.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace check" version' -l 'version' -d 'Show the version.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace check" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace graph" f format' -s 'f' -l 'format' -d 'The output format. Default: from OUT\'s extension.' -rfka 'dot svg png pdf json html'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace graph" at' -l 'at' -d 'Draw the live state after event SEQ, or at the end (`end`), instead of the whole history.' -rfka 'end'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace graph" focus' -l 'focus' -d 'Draw only the neighbourhood of this module.' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace graph" depth' -l 'depth' -d 'With --focus: how many edges away to draw (default 1).' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace graph" layout' -l 'layout' -d 'The Graphviz engine; auto picks one by the graph\'s size.' -rfka 'auto dot neato fdp sfdp circo twopi'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace graph" force' -l 'force' -d 'Lay the graph out even when it is larger than the engine handles in reasonable time and memory.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace graph" open' -l 'open' -d 'Open the written file once it is drawn (an .html page: in the browser).'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace graph" no-findings' -l 'no-findings' -d 'Do not run the analyzer to mark findings on the graph (the config file is then not read).'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace graph" no-unreached' -l 'no-unreached' -d 'Leave out the modules the trace declares but never reaches (drawn dashed and grey otherwise).'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace graph" config' -l 'config' -d 'Config file. Default: .lego-trace.yml in the current directory, if present.' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace graph" url-check' -l 'url-check' -d 'URL hierarchy check: strict checks every segment, legacy is the framework\'s own check. Default: config or strict.' -rfka 'strict legacy'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace graph" grace' -l 'grace' -d 'Seconds of trace time a module may outlive its screen (default: config or 2).' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace graph" max-line-bytes' -l 'max-line-bytes' -d 'The longest line read, in bytes; a longer one is an error (check skips it with --lenient).' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace graph" version' -l 'version' -d 'Show the version.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace graph" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace export" f format' -s 'f' -l 'format' -d 'The format to write.' -rfka 'chrome'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace export" max-line-bytes' -l 'max-line-bytes' -d 'The longest line read, in bytes; a longer one is an error (check skips it with --lenient).' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace export" version' -l 'version' -d 'Show the version.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace export" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace import" o output' -l 'output' -s 'o' -d 'Where to write the trace.' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace import" pid' -l 'pid' -d 'Import this process only. Default: the one with the most framework lines.' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace import" max-line-bytes' -l 'max-line-bytes' -d 'The longest line read, in bytes; a longer one is an error (check skips it with --lenient).' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace import" version' -l 'version' -d 'Show the version.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace import" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace scan" framework' -l 'framework' -d 'The app\'s framework (xflegoviper, qfmoudle, nnmodule). Default: the one its source uses most.' -rfka 'xflegoviper qfmoudle nnmodule'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace scan" f format' -s 'f' -l 'format' -d 'The report format (html: an interactive page with the graph, module lifetimes and findings).' -rfka 'text json sarif junit github markdown xcode html'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace scan" o output' -l 'output' -s 'o' -d 'Write the report to FILE (`-`: standard output, the default).' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace scan" open' -l 'open' -d 'Open the report once it is written (html: in the browser); needs --output FILE.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace scan" fail-on' -l 'fail-on' -d 'Lowest severity that fails the command.' -rfka 'error warning note never'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace scan" baseline' -l 'baseline' -d 'Fail only on findings not in this baseline file.' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace scan" write-baseline' -l 'write-baseline' -d 'Write the current findings\' fingerprints to FILE (the run then exits 0).' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace scan" color' -l 'color' -d 'When to colour the text report (auto: only on a terminal, and never with NO_COLOR set).' -rfka 'auto always never'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace scan" q quiet' -s 'q' -l 'quiet' -d 'Print nothing on standard error but errors.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace scan" config' -l 'config' -d 'Config file. Default: .lego-trace.yml in the current directory, if present.' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace scan" url-check' -l 'url-check' -d 'URL hierarchy check: strict checks every segment, legacy is the framework\'s own check. Default: config or strict.' -rfka 'strict legacy'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace scan" model' -l 'model' -d 'Write the extracted model as JSON to FILE (docs/scan.md).' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace scan" scenario' -l 'scenario' -d 'Write a scenario for `record` to FILE: every module and URL, a journey from the root.' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace scan" graph' -l 'graph' -d 'Draw the static module graph with findings marked to FILE (.svg, .png, .pdf, .dot or .json).' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace scan"' -l 'exclude' -d 'Leave out source paths matching GLOB (relative to the folder; repeatable; added to scan.exclude of .lego-trace.yml).' -rfka ''
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace scan" version' -l 'version' -d 'Show the version.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace scan" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace rules" explain' -l 'explain' -d 'Print why a rule matters and how to fix what it finds.' -rfka 'leaked-module orphan-component duplicate-module-name illegal-url-hierarchy unregistered-url unknown-component lost-event naming-convention nn-service-missing nn-priority-ignored nn-impl-not-conforming nn-impl-replaced-after-use nn-service-cycle nn-route-duplicate nn-route-invalid nn-route-unmatched nn-nested-wrong-upper nn-nested-loop nn-redirect-loop nn-redirect-dangling nn-interceptor-double-run nn-handler-noop nn-event-name-collision nn-event-dead-targets nn-observer-discarded nn-sticky-stale nn-late-register qf-missing-impl qf-unknown-scheme qf-impl-not-conforming qf-kvc-unknown-key qf-kvc-nil-scalar qf-kvc-type-mismatch qf-kvc-weak-target qf-module-per-call qf-callback-retains-caller'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace rules" framework' -l 'framework' -d 'List only the rules that apply to this framework\'s traces and sources.' -rfka 'xflegoviper qfmoudle nnmodule'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace rules" version' -l 'version' -d 'Show the version.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace rules" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'lego-trace' -n '__lego-trace_should_offer_completions_for_flags_or_options "lego-trace help" version' -l 'version' -d 'Show the version.'
