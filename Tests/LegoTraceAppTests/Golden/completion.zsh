#compdef lego-trace

__lego-trace_complete() {
    local -ar non_empty_completions=("${@:#(|:*)}")
    local -ar empty_completions=("${(M)@:#(|:*)}")
    _describe -V '' non_empty_completions -- empty_completions -P $'\'\''
}

__lego-trace_custom_complete() {
    local -a completions
    completions=("${(@f)"$("${command_name}" "${@}" "${command_line[@]}")"}")
    if [[ "${#completions[@]}" -gt 1 ]]; then
        __lego-trace_complete "${completions[@]:0:-1}"
    fi
}

__lego-trace_cursor_index_in_current_word() {
    if [[ -z "${QIPREFIX}${IPREFIX}${PREFIX}" ]]; then
        printf 0
    else
        printf %s "${#${(z)LBUFFER}[-1]}"
    fi
}

_lego-trace() {
    emulate -RL zsh -G
    setopt extendedglob nullglob numericglobsort
    unsetopt aliases banghist

    local -xr SAP_SHELL=zsh
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(builtin emulate zsh -c 'printf %s "${ZSH_VERSION}"')"
    local -r SAP_SHELL_VERSION

    local context state state_descr line
    local -A opt_args

    local -r command_name="${words[1]}"
    local -ar command_line=("${words[@]}")
    local -ir current_word_index="$((CURRENT - 1))"

    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'record:Record a trace from a scenario, the embedded sample app, or a program linking LegoRuntime.'
            'check:Replay a trace and report leaked modules, duplicate names, illegal URL hierarchies and more.'
            'graph:Draw the modules of a trace and how they relate (DOT, SVG, PNG, PDF, JSON or an interactive HTML page).'
            'export:Export a trace'\''s module lifetimes, transitions, URL opens and findings for other tools.'
            'import:Import an XFLegoVIPER or NNModule-swift app'\''s console log (routing link, component trace, router errors) as a trace.'
            'scan:Read an app'\''s Objective-C and Swift source: module map, URLs, transitions, events and static findings.'
            'rules:List the detectors, or explain one with --explain ID.'
            'help:Show subcommand help information.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        record|check|graph|export|import|scan|rules|help)
            "_lego-trace_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_lego-trace_record() {
    local -i ret=1
    local -ar arg_specs=(
        ':scenario:'
        '(--output -o)'{--output,-o}'[Where to write the trace.]:output:'
        '--logs[Also print the framework'\''s routing link and component trace logs to standard error.]'
        '*:command:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lego-trace_check() {
    local -i ret=1
    local -ar ___format=('text' 'json' 'sarif' 'junit' 'github' 'markdown' 'xcode' 'html')
    local -ar ___fail_on=('error' 'warning' 'note' 'never')
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___url_check=('strict' 'legacy')
    local -ar arg_specs=(
        ':trace:'
        '(-f --format)'{-f,--format}'[The report format (html\: an interactive page with the graph, module lifetimes and findings).]:format:{__lego-trace_complete "${___format[@]}"}'
        '(--output -o)'{--output,-o}'[Write the report to FILE (`-`\: standard output, the default).]:output:'
        '--open[Open the report once it is written (html\: in the browser); needs --output FILE.]'
        '--fail-on[Lowest severity that fails the command.]:fail-on:{__lego-trace_complete "${___fail_on[@]}"}'
        '--baseline[Fail only on findings not in this baseline file.]:baseline:'
        '--write-baseline[Write the current findings'\'' fingerprints to FILE (the run then exits 0).]:write-baseline:'
        '--color[When to colour the text report (auto\: only on a terminal, and never with NO_COLOR set).]:color:{__lego-trace_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print nothing on standard error but errors.]'
        '--config[Config file. Default\: .lego-trace.yml in the current directory, if present.]:config:'
        '--url-check[URL hierarchy check\: strict checks every segment, legacy is the framework'\''s own check. Default\: config or strict.]:url-check:{__lego-trace_complete "${___url_check[@]}"}'
        '--grace[Seconds of trace time a module may outlive its screen (default\: config or 2).]:grace:'
        '--lenient[Skip malformed lines instead of stopping at the first one.]'
        '--max-line-bytes[The longest line read, in bytes; a longer one is an error (check skips it with --lenient).]:BYTES:'
        '--source[The app'\''s source folder\: each finding points at its class or call site there (XFLegoVIPER); the trace line stays related.]:SRC_DIR:_files -/'
        '--model[A `scan --model` file of the app, instead of --source.]:FILE:_files -g '\''*.json'\'''
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lego-trace_graph() {
    local -i ret=1
    local -ar ___format=('dot' 'svg' 'png' 'pdf' 'json' 'html')
    local -ar ___at=('end')
    local -ar ___layout=('auto' 'dot' 'neato' 'fdp' 'sfdp' 'circo' 'twopi')
    local -ar ___url_check=('strict' 'legacy')
    local -ar arg_specs=(
        '*:paths:'
        '(-f --format)'{-f,--format}'[The output format. Default\: from OUT'\''s extension.]:format:{__lego-trace_complete "${___format[@]}"}'
        '--at[Draw the live state after event SEQ, or at the end (`end`), instead of the whole history.]:at:{__lego-trace_complete "${___at[@]}"}'
        '--focus[Draw only the neighbourhood of this module.]:focus:'
        '--depth[With --focus\: how many edges away to draw (default 1).]:depth:'
        '--layout[The Graphviz engine; auto picks one by the graph'\''s size.]:layout:{__lego-trace_complete "${___layout[@]}"}'
        '--force[Lay the graph out even when it is larger than the engine handles in reasonable time and memory.]'
        '--open[Open the written file once it is drawn (an .html page\: in the browser).]'
        '--no-findings[Do not run the analyzer to mark findings on the graph (the config file is then not read).]'
        '--no-unreached[Leave out the modules the trace declares but never reaches (drawn dashed and grey otherwise).]'
        '--config[Config file. Default\: .lego-trace.yml in the current directory, if present.]:config:'
        '--url-check[URL hierarchy check\: strict checks every segment, legacy is the framework'\''s own check. Default\: config or strict.]:url-check:{__lego-trace_complete "${___url_check[@]}"}'
        '--grace[Seconds of trace time a module may outlive its screen (default\: config or 2).]:grace:'
        '--max-line-bytes[The longest line read, in bytes; a longer one is an error (check skips it with --lenient).]:BYTES:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lego-trace_export() {
    local -i ret=1
    local -ar ___format=('chrome')
    local -ar arg_specs=(
        '*:paths:'
        '(-f --format)'{-f,--format}'[The format to write.]:format:{__lego-trace_complete "${___format[@]}"}'
        '--max-line-bytes[The longest line read, in bytes; a longer one is an error (check skips it with --lenient).]:BYTES:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lego-trace_import() {
    local -i ret=1
    local -ar arg_specs=(
        ':log:'
        '(--output -o)'{--output,-o}'[Where to write the trace.]:output:'
        '--pid[Import this process only. Default\: the one with the most framework lines.]:pid:'
        '--max-line-bytes[The longest line read, in bytes; a longer one is an error (check skips it with --lenient).]:BYTES:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lego-trace_scan() {
    local -i ret=1
    local -ar ___framework=('xflegoviper' 'qfmoudle' 'nnmodule')
    local -ar ___format=('text' 'json' 'sarif' 'junit' 'github' 'markdown' 'xcode' 'html')
    local -ar ___fail_on=('error' 'warning' 'note' 'never')
    local -ar ___color=('auto' 'always' 'never')
    local -ar ___url_check=('strict' 'legacy')
    local -ar arg_specs=(
        ':source:'
        '--framework[The app'\''s framework (xflegoviper, qfmoudle, nnmodule). Default\: the one its source uses most.]:framework:{__lego-trace_complete "${___framework[@]}"}'
        '(-f --format)'{-f,--format}'[The report format (html\: an interactive page with the graph, module lifetimes and findings).]:format:{__lego-trace_complete "${___format[@]}"}'
        '(--output -o)'{--output,-o}'[Write the report to FILE (`-`\: standard output, the default).]:output:'
        '--open[Open the report once it is written (html\: in the browser); needs --output FILE.]'
        '--fail-on[Lowest severity that fails the command.]:fail-on:{__lego-trace_complete "${___fail_on[@]}"}'
        '--baseline[Fail only on findings not in this baseline file.]:baseline:'
        '--write-baseline[Write the current findings'\'' fingerprints to FILE (the run then exits 0).]:write-baseline:'
        '--color[When to colour the text report (auto\: only on a terminal, and never with NO_COLOR set).]:color:{__lego-trace_complete "${___color[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print nothing on standard error but errors.]'
        '--config[Config file. Default\: .lego-trace.yml in the current directory, if present.]:config:'
        '--url-check[URL hierarchy check\: strict checks every segment, legacy is the framework'\''s own check. Default\: config or strict.]:url-check:{__lego-trace_complete "${___url_check[@]}"}'
        '--model[Write the extracted model as JSON to FILE (docs/scan.md).]:model:'
        '--scenario[Write a scenario for `record` to FILE\: every module and URL, a journey from the root.]:scenario:'
        '--graph[Draw the static module graph with findings marked to FILE (.svg, .png, .pdf, .dot or .json).]:graph:'
        '*--exclude[Leave out source paths matching GLOB (relative to the folder; repeatable; added to scan.exclude of .lego-trace.yml).]:exclude:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lego-trace_rules() {
    local -i ret=1
    local -ar ___explain=('leaked-module' 'orphan-component' 'duplicate-module-name' 'illegal-url-hierarchy' 'unregistered-url' 'unknown-component' 'lost-event' 'naming-convention' 'nn-service-missing' 'nn-priority-ignored' 'nn-impl-not-conforming' 'nn-impl-replaced-after-use' 'nn-service-cycle' 'nn-route-duplicate' 'nn-route-invalid' 'nn-route-unmatched' 'nn-nested-wrong-upper' 'nn-nested-loop' 'nn-redirect-loop' 'nn-redirect-dangling' 'nn-interceptor-double-run' 'nn-handler-noop' 'nn-event-name-collision' 'nn-event-dead-targets' 'nn-observer-discarded' 'nn-sticky-stale' 'nn-late-register' 'qf-missing-impl' 'qf-unknown-scheme' 'qf-impl-not-conforming' 'qf-kvc-unknown-key' 'qf-kvc-nil-scalar' 'qf-kvc-type-mismatch' 'qf-kvc-weak-target' 'qf-module-per-call' 'qf-callback-retains-caller')
    local -ar ___framework=('xflegoviper' 'qfmoudle' 'nnmodule')
    local -ar arg_specs=(
        '--explain[Print why a rule matters and how to fix what it finds.]:explain:{__lego-trace_complete "${___explain[@]}"}'
        '--framework[List only the rules that apply to this framework'\''s traces and sources.]:framework:{__lego-trace_complete "${___framework[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lego-trace_help() {
    local -i ret=1
    local -ar arg_specs=(
        '*:subcommands:'
        '--version[Show the version.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

if [[ "${funcstack[1]}" = _lego-trace ]]; then
    _lego-trace "${@}"
else
    compdef _lego-trace lego-trace
fi
