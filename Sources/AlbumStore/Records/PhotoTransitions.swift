import AlbumModel
import AlbumSeam

/// The one place a photo's state changes. Each change is a `PhotoTransition` (from one state to
/// another, checked against `PhotoState.canMove(to:)`), run by `SQL.move`; the functions of
/// `AlbumDatabase+Photos.swift` (claim, downloaded, failed, release, requeue) name the photos it
/// applies to. Rows are inserted in their first state by `PhotoRecord` (`placeholder` for a new
/// collection, `downloaded` for an import).
enum PhotoTransition: CaseIterable, Sendable {
    /// `placeholder → downloading`: a process takes the photo to download it.
    case claim
    /// `downloading → downloaded`: its files are in place.
    case download
    /// `downloading → failed`, with the reason.
    case fail
    /// `downloading → placeholder`: stopped for a reason that is not the photo's, or its process died.
    case release
    /// `failed → placeholder`: a retry the user asked for.
    case retry
    /// `downloaded → placeholder`: `album verify --repair` found its original gone.
    case requeueLost

    var from: PhotoState {
        switch self {
        case .claim: .placeholder
        case .download, .fail, .release: .downloading
        case .retry: .failed(reason: "")
        case .requeueLost: .downloaded
        }
    }

    var to: PhotoState {
        switch self {
        case .claim: .downloading
        case .download: .downloaded
        case .fail: .failed(reason: "")
        case .release, .retry, .requeueLost: .placeholder
        }
    }
}

extension SQL {
    /// Moves the photos in `transition.from` that `condition` matches to `transition.to`,
    /// setting `columns` too (and `updated_at`). `arguments` bind the `?` of `condition`.
    /// - Returns: how many photos moved.
    @discardableResult
    func move(
        _ transition: PhotoTransition, set columns: Columns = Columns(), where condition: String,
        _ arguments: [any SQLBindable], now: String = Timestamp.now()
    ) throws(AlbumError) -> Int {
        let (sql, values) = try Self.moveStatement(transition, columns, condition, now: now)
        return try run(sql, values + [transition.from.name] + arguments)
    }

    /// `move`, returning the moved rows (every column).
    func moveReturning(
        _ transition: PhotoTransition, set columns: Columns = Columns(), where condition: String,
        _ arguments: [any SQLBindable], now: String = Timestamp.now()
    ) throws(AlbumError) -> [Row] {
        let (sql, values) = try Self.moveStatement(transition, columns, condition, now: now)
        return try query(sql + " RETURNING \(PhotoRecord.columns)", values + [transition.from.name] + arguments)
    }

    private static func moveStatement(
        _ transition: PhotoTransition, _ columns: Columns, _ condition: String, now: String
    ) throws(AlbumError) -> (String, [any SQLBindable]) {
        guard transition.from.canMove(to: transition.to) else {
            throw .database("a photo cannot go from \(transition.from.name) to \(transition.to.name)")
        }
        var set = Columns()
        set.set("state", transition.to.name)
        let all = set.merging(columns)
        var stamped = all
        stamped.set("updated_at", now)
        let assignments = stamped.assignments
        return ("UPDATE photos SET \(assignments.sql) WHERE state = ? AND (\(condition))", assignments.values)
    }
}
