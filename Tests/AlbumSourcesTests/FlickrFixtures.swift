import AlbumModel
import AlbumNet
import AlbumSources
import Foundation
import TestSupport

/// Flickr-shaped answers, as the real API has sent them in different years.
enum FlickrJSON {
    /// Numbers as strings, the older style.
    static let stringNumbers = """
        {"photos":{"page":"1","pages":"10","perpage":"2","total":"19","photo":[
          {"id":"5001","owner":"11@N01","secret":"aa11","server":"65535","farm":66,"title":"Eiffel at dusk",
           "license":"4","datetaken":"2019-05-01 21:30:05","datetakengranularity":"0","datetakenunknown":"0",
           "ownername":"Ann","latitude":"48.858222","longitude":"2.2945","accuracy":"16","context":0,
           "url_q":"https://live.staticflickr.com/65535/5001_aa11_q.jpg","height_q":"150","width_q":"150",
           "url_b":"https://live.staticflickr.com/65535/5001_aa11_b.jpg","height_b":"768","width_b":"1024"},
          {"id":"5002","owner":"22@N01","secret":"bb22","server":"65535","title":"","license":"0",
           "datetaken":"2020-01-02 03:04:05","datetakenunknown":"1","ownername":"","latitude":"48.86","longitude":"2.3",
           "accuracy":"11","url_m":"https://live.staticflickr.com/65535/5002_bb22.jpg","height_m":"375","width_m":"500"}
        ]},"stat":"ok"}
        """

    /// The same answer with numbers as numbers, the newer style.
    static let numberNumbers = """
        {"photos":{"page":1,"pages":10,"perpage":2,"total":19,"photo":[
          {"id":"5001","owner":"11@N01","secret":"aa11","server":"65535","farm":66,"title":"Eiffel at dusk",
           "license":4,"datetaken":"2019-05-01 21:30:05","datetakengranularity":0,"datetakenunknown":0,
           "ownername":"Ann","latitude":48.858222,"longitude":2.2945,"accuracy":16,"context":0,
           "url_q":"https://live.staticflickr.com/65535/5001_aa11_q.jpg","height_q":150,"width_q":150,
           "url_b":"https://live.staticflickr.com/65535/5001_aa11_b.jpg","height_b":768,"width_b":1024},
          {"id":5002,"owner":"22@N01","secret":"bb22","server":65535,"title":"","license":0,
           "datetaken":"2020-01-02 03:04:05","datetakenunknown":1,"ownername":"","latitude":48.86,"longitude":2.3,
           "accuracy":11,"url_m":"https://live.staticflickr.com/65535/5002_bb22.jpg","height_m":375,"width_m":500}
        ]},"stat":"ok"}
        """

    static let empty = #"{"photos":{"page":1,"pages":0,"perpage":30,"total":"0","photo":[]},"stat":"ok"}"#

    static func fail(_ code: Int, _ message: String) -> String {
        #"{"stat":"fail","code":\#(code),"message":"\#(message)"}"#
    }

    /// A page of `count` photos with only server/id/secret, numbered from `first`.
    static func page(_ page: Int, pages: Int, total: Int, perPage: Int, count: Int = 1, first: Int = 1) -> String {
        let photos = (0..<count).map { i in
            #"{"id":"\#(first + i)","secret":"s\#(first + i)","server":"7","title":"p\#(first + i)","latitude":0,"longitude":0,"url_b":"https://photos.example/\#(first + i).jpg"}"#
        }
        return #"{"photos":{"page":\#(page),"pages":\#(pages),"perpage":\#(perPage),"total":\#(total),"photo":[\#(photos.joined(separator: ","))]},"stat":"ok"}"#
    }
}

enum FlickrTest {
    static let key = "0123456789abcdefSECRETKEY"
    static func paris(page: Int = 1, perPage: Int = 2, radiusKm: Double = 5) throws -> SearchQuery {
        SearchQuery(center: try Coordinate(latitude: 48.8584, longitude: 2.2945), radiusKm: radiusKm, page: page, perPage: perPage)
    }

    /// A source pointed at `server`, retrying up to `attempts` times on `clock`.
    static func source(_ server: LoopbackServer, clock: RecordingClock = RecordingClock(), attempts: Int = 4) throws -> FlickrSource {
        try FlickrSource(
            apiKey: key, endpoint: server.baseURL + "/services/rest/", client: HTTPClient(),
            retryPolicy: RetryPolicy(maxAttempts: attempts, baseDelay: .seconds(1), maxDelay: .seconds(60)), clock: clock)
    }

    /// Answers the first requests with `first`, in order, then always with `then`.
    static func script(_ first: [Reply], then: Reply) -> @Sendable (ServerRequest) -> Reply {
        let counter = Counter()
        return { _ in
            let n = counter.next()
            return n < first.count ? first[n] : then
        }
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        defer { value += 1 }
        return value
    }
}
