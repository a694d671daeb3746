import AlbumModel
import AlbumNet
import Foundation

/// Limits and retries of the downloader.
public struct DownloadPolicy: Sendable {
    /// A body larger than this is refused (and the transfer aborted when it gets there).
    public var maxBytes: Int
    /// Total time allowed for one attempt.
    public var timeout: Duration
    /// How often and how long to wait between attempts of a transient failure.
    public var retry: RetryPolicy
    /// A transfer slower than this for this long is cut and retried (a trickling server).
    public var lowSpeed: LowSpeedLimit?
    /// How long one photo may wait in all for a server that throttles (HTTP 429, or 503 with
    /// `Retry-After`). Throttled attempts do not count against `retry`; past the budget the photo
    /// is `deferred`: it stays queued for the next run, never failed (issue 22).
    public var throttleBudget: Duration

    public init(
        maxBytes: Int = 50 << 20, timeout: Duration = .seconds(60),
        retry: RetryPolicy = RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(500), maxDelay: .seconds(30)),
        lowSpeed: LowSpeedLimit? = .standard, throttleBudget: Duration = .seconds(120)
    ) {
        self.maxBytes = maxBytes
        self.timeout = timeout
        self.retry = retry
        self.lowSpeed = lowSpeed
        self.throttleBudget = throttleBudget
    }
}

/// How one download ended.
public enum DownloadOutcome: Sendable, Equatable {
    /// The body, checked to look like an image.
    case body(ImageBody)
    /// Given up: permanent, or transient past the retry bound. The reason is for humans.
    case failed(reason: String)
    /// The server throttles and waiting it out would take longer than the policy's budget: not
    /// the photo's fault, it stays queued for a later run.
    case deferred(reason: String)
}

/// A downloaded body with what its first bytes say it is.
public struct ImageBody: Sendable, Equatable {
    public var data: Data
    public var kind: ImageKind
    public init(data: Data, kind: ImageKind) {
        self.data = data
        self.kind = kind
    }
}
