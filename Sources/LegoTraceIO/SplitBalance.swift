/// How many lines of the next batch the reading thread parses, moved towards whichever thread waits less.
///
/// `check` reads ahead on a second thread while the caller's thread replays: the reading thread parses the first
/// `share` lines of each batch and the caller the rest. Which split keeps both threads busy depends on the trace
/// (QFMoudle's longer lines, XFLegoVIPER's heavier replay) and on the host (a busy core), so no fixed split fits:
/// a thread that finds nothing to do is the faster one, and the split moves work towards it by `step` lines.
struct SplitBalance: Equatable {
    /// Lines the reading thread parses in the next batch, in `0...capacity`.
    private(set) var share: Int
    /// Lines in a batch.
    let capacity: Int
    /// How far one wait moves the split: 1/128 of a batch (at least a line), so it settles within a few dozen batches
    /// and then swings by under 1% of a batch's work.
    let step: Int
    /// Fixed splits taken in turn instead (tests), or empty.
    private let schedule: [Int]
    private var scheduled = 0

    /// Starts at `share` of `capacity` lines (clamped).
    init(share: Int, capacity: Int) {
        self.init(share: share, capacity: capacity, schedule: [])
    }

    /// Gives the batches the splits of `schedule` in turn, over and over (clamped to the batch), whoever waits: tests
    /// put every kind of line on either side of a split, whatever the timing.
    init(schedule: [Int], capacity: Int) {
        self.init(share: schedule.first ?? 0, capacity: capacity, schedule: schedule)
    }

    private init(share: Int, capacity: Int, schedule: [Int]) {
        self.capacity = max(0, capacity)
        self.share = min(max(0, share), self.capacity)
        step = max(1, self.capacity / 128)
        self.schedule = schedule
    }

    /// The split of the batch the reading thread is about to fill.
    mutating func nextShare() -> Int {
        guard !schedule.isEmpty else { return share }
        share = min(max(0, schedule[scheduled % schedule.count]), capacity)
        scheduled += 1
        return share
    }

    /// The reading thread found no batch to fill: the caller's thread is the slower, so the reading thread takes more.
    mutating func readerWaited() {
        guard schedule.isEmpty else { return }
        share = capacity - share > step ? share + step : capacity
    }

    /// The caller's thread found no batch to replay: the reading thread is the slower, so the caller takes more.
    mutating func callerWaited() {
        guard schedule.isEmpty else { return }
        share = share > step ? share - step : 0
    }
}
