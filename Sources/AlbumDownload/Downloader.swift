import AlbumModel
import AlbumNet
import Foundation

/// Fetches one photo's bytes over HTTP: retries transient failures with back-off and jitter
/// (honouring `Retry-After`), gives up at once on permanent ones, and keeps a body only when it
/// is a JPEG within the size cap. Concurrency is the caller's: run as many as you want at once,
/// the HTTP client's multi loop does the transfers side by side.
public struct Downloader: Sendable {
    public let client: HTTPClient
    public let policy: DownloadPolicy
    private let clock: any Clock<Duration>

    /// - Parameter clock: what back-off sleeps on; tests pass one that does not really sleep.
    public init(client: HTTPClient, policy: DownloadPolicy = DownloadPolicy(), clock: any Clock<Duration> = ContinuousClock()) {
        self.client = client
        self.policy = policy
        self.clock = clock
    }

    /// Downloads `url`.
    /// - Parameter onRetry: called before each attempt after the first (to persist the count).
    public func download(_ url: String, onRetry: @Sendable () async -> Void = {}) async -> DownloadOutcome {
        var generator = SystemRandomNumberGenerator()
        var attempt = 0
        // Throttled attempts: counted apart, bounded by the time waited, not by `maxAttempts`.
        var throttled = 0
        var waited: Duration = .zero
        while true {
            attempt += 1
            if attempt > 1 { await onRetry() }
            let verdict: Verdict
            do {
                let response = try await client.send(
                    HTTPRequest(url: url, headers: ["Accept": "image/jpeg,image/*;q=0.8"],
                                maxBodyBytes: policy.bodyCheck.maxBytes, timeout: policy.timeout, lowSpeed: policy.lowSpeed))
                verdict = Self.judge(response, check: policy.bodyCheck)
            } catch {
                verdict = error.isTransient ? .retry("\(error)", after: nil) : .fail("\(error)")
            }
            switch verdict {
            case .keep(let body):
                return .body(body)
            case .fail(let reason):
                return .failed(reason: reason)
            case .retry(let reason, let retryAfter, let bound):
                // Throttled attempts are not counted against the bound (see `.throttle`).
                let counted = attempt - throttled
                guard counted < min(policy.retry.maxAttempts, bound ?? .max), !Task.isCancelled else {
                    return .failed(reason: "\(reason) (gave up after \(attempt) attempt\(attempt == 1 ? "" : "s"))")
                }
                let delay = policy.retry.delay(afterAttempt: counted, retryAfter: retryAfter, using: &generator)
                do { try await clock.sleep(for: delay) } catch { return .failed(reason: "\(reason) (cancelled)") }
            case .throttle(let reason, let retryAfter):
                // This attempt does not count against `maxAttempts`: the server said "later", not "broken".
                throttled += 1
                // The server's Retry-After as asked (not capped like a back-off), else a back-off.
                let delay = retryAfter.map { max($0, .milliseconds(100)) }
                    ?? policy.retry.delay(afterAttempt: throttled, retryAfter: nil, using: &generator)
                guard waited + delay <= policy.throttleBudget, !Task.isCancelled else {
                    return .deferred(reason: "\(reason): throttled by the server, left queued "
                        + "(waited \(Self.seconds(waited)) of \(Self.seconds(policy.throttleBudget)); it asked for \(Self.seconds(delay)) more)")
                }
                waited += delay
                do { try await clock.sleep(for: delay) } catch { return .deferred(reason: "\(reason) (cancelled)") }
            }
        }
    }

    /// `12 s`, for messages.
    static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%.1f s", seconds)
    }

    enum Verdict: Equatable {
        case keep(ImageBody)
        /// The server throttles (429, or 503 with `Retry-After`): wait, within the throttle budget.
        case throttle(String, after: Duration?)
        /// Try again after a back-off (or `after`), up to the policy's attempts or `bound`, the lower.
        case retry(String, after: Duration?, bound: Int? = nil)
        case fail(String)
    }

    /// Attempts at most for a 200 HTML page where an image was expected: a CDN's or proxy's
    /// error page (rate limit, captcha, maintenance) is often gone on the next GET, but a URL
    /// that always answers a page should not cost the full retry budget.
    public static let htmlPageAttempts = 2

    /// What to do with a response: keep its body, retry, or give up. The body's size was held to
    /// `check`'s cap during the transfer; its content is sniffed here by the same check.
    static func judge(_ response: HTTPResponse, check: PhotoBodyCheck) -> Verdict {
        switch response.status {
        case 200..<300:
            let (kind, refusal) = check.contentRefusal(response.body)
            if let refusal {
                let reason = "\(refusal), \(response.body.count) bytes of \(response.header("content-type") ?? "unknown type")"
                let page = kind == .markup || (response.header("content-type") ?? "").lowercased().hasPrefix("text/html")
                return page ? .retry(reason, after: nil, bound: htmlPageAttempts) : .fail(reason)
            }
            return .keep(ImageBody(data: response.body, kind: kind))
        case 429:
            return .throttle("HTTP 429", after: response.retryAfter)
        case 503 where response.retryAfter != nil:
            return .throttle("HTTP 503", after: response.retryAfter)
        case 408, 425, 500..<600:
            return .retry("HTTP \(response.status)", after: response.retryAfter)
        default:
            return .fail("HTTP \(response.status)")
        }
    }
}
