/// Where commands read and write when no path is given.
public enum DefaultPaths {
    /// The trace `record` writes and `check` / `graph` read by default, relative to the current directory.
    public static let trace = "lego-trace.jsonl"
    /// The config file `check` looks for in the current directory.
    public static let config = ".lego-trace.yml"
    /// The environment variable a program linking LegoRuntime reads to write its trace.
    public static let traceEnvironmentVariable = "LEGO_TRACE_FILE"
}
