/// Where the library's data stands: two reads of it compare equal only if nothing was committed
/// in between, by this process or any other. Cheap (no table is read), for caches of answers.
public struct LibraryVersion: Sendable, Hashable {
    /// `PRAGMA data_version`: changes when another connection (another `album` process) commits.
    public var others: Int64
    /// `total_changes()`: rows this connection inserted, updated or deleted since it opened.
    public var own: Int64
    /// A store that has no counters of its own (PostgreSQL): its snapshot of committed
    /// transactions (`xmin:xmax:xip…`), equal only while no transaction that wrote committed.
    public var snapshot: String

    public init(others: Int64, own: Int64, snapshot: String = "") {
        self.others = others
        self.own = own
        self.snapshot = snapshot
    }
}
