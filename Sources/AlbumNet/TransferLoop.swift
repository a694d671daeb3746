import CCurl
import CGeoAlbumShim
import Foundation
import Synchronization

/// Owns one curl multi handle and the thread that drives it.
///
/// Async callers hand transfers over under a lock and wake the thread with `curl_multi_wakeup`;
/// the thread adds them to the multi handle, runs `curl_multi_perform` / `curl_multi_poll`, and
/// resumes each caller's continuation when its transfer is done. All transfers share the multi
/// handle's connection cache, so connections are reused and HTTP/2 streams multiplexed.
final class TransferLoop: @unchecked Sendable {
    private struct Inbox {
        var submitted: [CurlTransfer] = []
        var cancelled: [CurlTransfer] = []
        var stopping = false
        var nextID: UInt64 = 1
    }

    private let multi: CurlMulti
    private let inbox = Mutex(Inbox())
    private let maxPerHost: Int
    private let maxTotal: Int
    // Touched only by the transfer thread:
    /// Transfers in the multi handle, by easy handle.
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    /// Transfers waiting for a connection slot, oldest first. They wait here rather than inside
    /// libcurl, whose time-out clock starts when a transfer is added, queued or not.
    private var waiting: [CurlTransfer] = []
    private var activePerHost: [String: Int] = [:]
    /// Set when a transfer arrived or a slot freed, so `admit` does not rescan for nothing.
    private var slotsChanged = false

    init(configuration: HTTPClient.Configuration) throws(HTTPError) {
        multi = try CurlMulti(configuration: configuration)
        maxPerHost = max(1, configuration.maxConnectionsPerHost)
        maxTotal = max(1, configuration.maxTotalConnections)
    }

    /// Starts the transfer thread. It keeps the loop alive until `stop()`.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "GeoAlbum.HTTP"
        thread.start()
    }

    func nextID() -> UInt64 {
        inbox.withLock { box in
            defer { box.nextID += 1 }
            return box.nextID
        }
    }

    /// Hands a transfer to the thread, or ends it at once when its caller is already cancelled.
    func submit(_ transfer: CurlTransfer) {
        let accepted = inbox.withLock { box in
            guard !transfer.cancelRequested, !box.stopping else { return false }
            box.submitted.append(transfer)
            return true
        }
        guard accepted else { return transfer.finish(.failure(.cancelled(url: transfer.url))) }
        multi.wakeUp()
    }

    /// Asks the thread to remove a transfer and end it with `HTTPError.cancelled`.
    func cancel(_ transfer: CurlTransfer) {
        inbox.withLock { box in
            transfer.cancelRequested = true
            box.cancelled.append(transfer)
        }
        multi.wakeUp()
    }

    /// Ends every transfer with `.cancelled` and lets the thread exit.
    func stop() {
        inbox.withLock { $0.stopping = true }
        multi.wakeUp()
    }

    // MARK: The transfer thread

    private func run() {
        while true {
            let (submitted, cancelled, stopping) = inbox.withLock { box in
                defer {
                    box.submitted = []
                    box.cancelled = []
                }
                return (box.submitted, box.cancelled, box.stopping)
            }
            waiting += submitted
            slotsChanged = slotsChanged || !submitted.isEmpty
            for transfer in cancelled { remove(transfer, with: .cancelled(url: transfer.url)) }
            if stopping {
                for transfer in waiting + Array(active.values) { remove(transfer, with: .cancelled(url: transfer.url)) }
                return
            }
            if slotsChanged { admit() }
            multi.perform()
            var finished = false
            while let (handle, code) = multi.nextFinished() {
                guard let transfer = active[handle] else { continue }
                detach(transfer)
                transfer.finish(transfer.result(for: code))
                finished = true
            }
            if finished, !waiting.isEmpty { continue }  // start the next ones at once
            multi.poll(timeoutMilliseconds: 1000)
        }
    }

    /// Moves waiting transfers into the multi handle while the connection limits allow.
    private func admit() {
        slotsChanged = false
        var index = 0
        while index < waiting.count, active.count < maxTotal {
            let transfer = waiting[index]
            guard activePerHost[transfer.host, default: 0] < maxPerHost else {
                index += 1
                continue
            }
            waiting.remove(at: index)
            if let failure = multi.add(transfer.handle) {
                transfer.finish(.failure(.transport(url: transfer.url, code: failure.code, message: failure.message)))
                continue
            }
            active[transfer.handle] = transfer
            activePerHost[transfer.host, default: 0] += 1
        }
    }

    private func detach(_ transfer: CurlTransfer) {
        active[transfer.handle] = nil
        activePerHost[transfer.host, default: 1] -= 1
        if activePerHost[transfer.host] == 0 { activePerHost[transfer.host] = nil }
        slotsChanged = true
        multi.remove(transfer.handle)
    }

    private func remove(_ transfer: CurlTransfer, with error: HTTPError) {
        if active[transfer.handle] === transfer {
            detach(transfer)
        } else if let index = waiting.firstIndex(where: { $0 === transfer }) {
            waiting.remove(at: index)
        } else {
            return  // finished already
        }
        transfer.finish(.failure(error))
    }
}

/// Owns one `CURLM *`: created with the client's connection limits, cleaned up in `deinit`.
final class CurlMulti: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer

    init(configuration: HTTPClient.Configuration) throws(HTTPError) {
        try CurlGlobal.initialise()
        guard let handle = curl_multi_init() else {
            throw .transport(url: "", code: Int(CURLE_FAILED_INIT.rawValue), message: "curl_multi_init failed")
        }
        self.handle = handle
        let total = max(1, configuration.maxTotalConnections)
        _ = ga_curl_multi_setopt_long(handle, Int32(CURLMOPT_MAX_HOST_CONNECTIONS.rawValue), max(1, configuration.maxConnectionsPerHost))
        _ = ga_curl_multi_setopt_long(handle, Int32(CURLMOPT_MAX_TOTAL_CONNECTIONS.rawValue), total)
        _ = ga_curl_multi_setopt_long(handle, Int32(CURLMOPT_MAXCONNECTS.rawValue), total)  // the idle cache
    }

    deinit { curl_multi_cleanup(handle) }

    /// Thread-safe: makes a pending or next `poll` return at once.
    func wakeUp() { _ = curl_multi_wakeup(handle) }

    func add(_ easy: UnsafeMutableRawPointer) -> (code: Int, message: String)? {
        let code = curl_multi_add_handle(handle, easy)
        guard code != CURLM_OK else { return nil }
        return (Int(code.rawValue), String(cString: curl_multi_strerror(code)))
    }

    func remove(_ easy: UnsafeMutableRawPointer) { _ = curl_multi_remove_handle(handle, easy) }

    func perform() {
        var running: Int32 = 0
        _ = curl_multi_perform(handle, &running)
    }

    /// The next finished transfer's easy handle and result, if any.
    func nextFinished() -> (UnsafeMutableRawPointer, CURLcode)? {
        var left: Int32 = 0
        while let message = curl_multi_info_read(handle, &left) {
            if message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle {
                return (easy, message.pointee.data.result)
            }
        }
        return nil
    }

    /// Waits for socket activity, curl's next timer, a wake-up, or `timeoutMilliseconds`.
    func poll(timeoutMilliseconds: Int32) {
        _ = curl_multi_poll(handle, nil, 0, timeoutMilliseconds, nil)
    }
}

/// Loads libcurl (on first use, decision 0057-speed; `ALBUM_LIBCURL` names another file) and
/// runs `curl_global_init`, once per process, before the first handle.
enum CurlGlobal {
    /// nil when libcurl is ready, else why not (naming the library and the Debian package).
    private static let problem: String? = {
        if let why = ga_curl_load(getenv("ALBUM_LIBCURL")) { return String(cString: why) }
        let code = ga_curl_global_init_default()
        return code == 0 ? nil : "curl_global_init failed (libcurl code \(code))"
    }()

    static func initialise() throws(HTTPError) {
        if let problem { throw .transport(url: "", code: Int(CURLE_FAILED_INIT.rawValue), message: problem) }
    }
}
