import AlbumDownload
import AlbumModel
import AlbumSources
import Foundation

/// Where a claimed photo's bytes come from. Two implementations, one for each kind of URL a
/// source gives: `HTTPPhotoFetcher` (http and https, through the `Downloader` and its verdicts)
/// and `BundleFilePhotoFetcher` (`file://` inside a bundle folder, through the source's
/// resolver). Both hold the body to the same `PhotoBodyCheck`: one size cap, one sniff.
protocol PhotoFetcher: Sendable {
    /// The body, or why there is none (the photo is then `failed` with that reason).
    /// - Parameter onRetry: called before each attempt after the first (to persist the count).
    func fetch(_ url: String, onRetry: @escaping @Sendable () async -> Void) async -> Result<Data, Failure>
}

/// http(s): retries, back-off and verdicts are the `Downloader`'s.
struct HTTPPhotoFetcher: PhotoFetcher {
    let downloader: Downloader

    func fetch(_ url: String, onRetry: @escaping @Sendable () async -> Void) async -> Result<Data, Failure> {
        switch await downloader.download(url, onRetry: onRetry) {
        case .body(let body): .success(body.data)
        case .failed(let reason): .failure(Failure(reason))
        }
    }
}

/// `file://` inside a bundle folder: the source re-checks the URL at download time (it must
/// still lie inside the bundle), then the file is read once, up to the cap, on the blocking pool.
struct BundleFilePhotoFetcher: PhotoFetcher {
    let source: any PhotoSource
    let check: PhotoBodyCheck
    let pool: BlockingPool

    func fetch(_ url: String, onRetry: @escaping @Sendable () async -> Void) async -> Result<Data, Failure> {
        let (source, check) = (self.source, self.check)
        return await pool.run { () -> Result<Data, Failure> in
            let file: URL
            do throws(AlbumError) {
                file = try source.resolveLocalFile(url)
            } catch {
                return .failure(Failure(error.description))
            }
            switch LocalFile.read(file.path, check: check) {
            case .failure(let reason):
                return .failure("\(file.path): \(reason)")
            case .success(let data):
                if let refusal = check.contentRefusal(data).refusal { return .failure("\(file.path): \(refusal)") }
                return .success(data)
            }
        }
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

/// A failure reason as an `Error`, so it can travel in a `Result`.
struct Failure: Error, ExpressibleByStringInterpolation, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
    init(stringLiteral value: String) { description = value }
}
