import AlbumDownload
import AlbumModel
import AlbumSources
import Foundation

/// Where a claimed photo's bytes come from. Two implementations, one for each kind of URL a
/// source gives: `HTTPPhotoFetcher` (http and https, through the `Downloader` and its verdicts)
/// and `BundleFilePhotoFetcher` (`file://` inside a bundle folder, through the source's
/// resolver). Both hold the body to the same `PhotoBodyCheck`: one size cap, one sniff.
protocol PhotoFetcher: Sendable {
    /// The body, or why there is none (the photo is then `failed` with its line as the reason).
    /// - Parameter onRetry: called before each attempt after the first (to persist the count).
    func fetch(_ url: String, onRetry: @escaping @Sendable () async -> Void) async -> Result<Data, AlbumError>
}

/// http(s): retries, back-off and verdicts are the `Downloader`'s.
struct HTTPPhotoFetcher: PhotoFetcher {
    let downloader: Downloader

    func fetch(_ url: String, onRetry: @escaping @Sendable () async -> Void) async -> Result<Data, AlbumError> {
        switch await downloader.download(url, onRetry: onRetry) {
        case .body(let body): .success(body.data)
        case .failed(let reason): .failure(.source(reason))
        case .deferred(let reason): .failure(.source(AlbumError.Detail(reason, cause: .httpStatus(429))))
        }
    }
}

/// `file://` inside a bundle folder: the source re-checks the URL at download time (it must
/// still lie inside the bundle), then the file is read once, up to the cap, on the blocking pool.
struct BundleFilePhotoFetcher: PhotoFetcher {
    let source: any PhotoSource
    let check: PhotoBodyCheck
    let pool: BlockingPool

    func fetch(_ url: String, onRetry: @escaping @Sendable () async -> Void) async -> Result<Data, AlbumError> {
        let (source, check) = (self.source, self.check)
        return await pool.run { () -> Result<Data, AlbumError> in
            let file: URL
            do throws(AlbumError) {
                file = try source.resolveLocalFile(url)
            } catch {
                return .failure(error)
            }
            // Failures are about the file (`PATH: unreadable: …`), errno kept as the cause.
            return LocalFile.read(file.path, check: check).flatMap { data in
                guard let refusal = check.contentRefusal(data).refusal else { return .success(data) }
                return .failure(.invalidInput(refusal, subject: .file(file.path)))
            }
        }
    }
}

extension AlbumError {
    /// A download the server throttled past the budget (`DownloadOutcome.deferred`): the photo
    /// stays queued, not failed.
    var isThrottled: Bool {
        guard case .source(let detail) = self, case .httpStatus(429)? = detail.cause else { return false }
        return true
    }
}

extension FetchEnvironment {
    /// The fetcher for a photo's URL: a bundle's file for `file://`, the network otherwise.
    func fetcher(for url: String) -> any PhotoFetcher {
        if url.hasPrefix("file://") {
            return BundleFilePhotoFetcher(source: source, check: downloader.policy.bodyCheck, pool: pool)
        }
        return HTTPPhotoFetcher(downloader: downloader)
    }
}
