import CCurl
import CGeoAlbumShim
import Foundation

/// One transfer: owns its curl easy handle, header list and error buffer, and collects the
/// response. Built and configured on the caller's thread; once submitted, touched only by the
/// transfer thread (`TransferLoop`), except `cancelRequested`, which the loop's lock guards.
final class CurlTransfer: @unchecked Sendable {
    let id: UInt64
    let url: String
    /// The URL's authority, lower-cased: what the per-host connection limit counts by.
    let host: String
    let limit: Int
    /// The `CURL *` this object owns.
    let handle: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>

    private var body = Data()
    private var headers: [String: String] = [:]
    private var exceededLimit = false
    private var continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>?
    /// Set by a cancelled caller; read and written only under `TransferLoop`'s lock.
    var cancelRequested = false

    /// Creates the easy handle and sets every option the request needs.
    /// - Throws: `HTTPError.unsupportedScheme` / `.invalidURL` for a URL that cannot be fetched,
    ///   `.transport` when libcurl refuses an option.
    init(id: UInt64, request: HTTPRequest, configuration: HTTPClient.Configuration) throws(HTTPError) {
        try Self.check(url: request.url)
        guard let handle = curl_easy_init() else {
            throw .transport(url: request.url, code: Int(CURLE_FAILED_INIT.rawValue), message: "curl_easy_init failed")
        }
        self.id = id
        self.url = request.url
        let authority = request.url.components(separatedBy: "://").dropFirst().first ?? ""
        self.host = String(authority.prefix { $0 != "/" && $0 != "?" && $0 != "#" }).lowercased()
        self.limit = max(0, request.maxBodyBytes)
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        try configure(request, configuration)
    }

    deinit {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// Accepts only absolute http(s) URLs without spaces or control characters.
    static func check(url: String) throws(HTTPError) {
        guard let range = url.range(of: "://") else { throw .invalidURL(url) }
        let scheme = url[..<range.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else {
            if scheme.isEmpty || scheme.contains(where: { !$0.isLetter && !"+-.".contains($0) }) {
                throw .invalidURL(url)
            }
            throw .unsupportedScheme(url: url)
        }
        guard url[range.upperBound...].first.map({ $0 != "/" }) == true,
            !url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
        else { throw .invalidURL(url) }
    }

    private func configure(_ request: HTTPRequest, _ configuration: HTTPClient.Configuration) throws(HTTPError) {
        try set(CURLOPT_URL, request.url)
        try set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(errorBuffer))
        try set(CURLOPT_NOSIGNAL, 1)  // several threads; time-outs must not use SIGALRM
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_FOLLOWLOCATION, 1)
        try set(CURLOPT_MAXREDIRS, max(0, configuration.maxRedirects))
        try set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        // Over TLS, wait for a connection being opened to the host to say (by ALPN, at its
        // handshake) whether it multiplexes, rather than open another. Never over plain HTTP: it
        // cannot be HTTP/2 (2TLS), yet libcurl waited for the first answer to learn so — a slow
        // first photo held every other download to its host (30 s for a worker's second one).
        if request.url.utf8.prefix(6).map({ $0 | 0x20 }) == Array("https:".utf8) {
            try set(CURLOPT_PIPEWAIT, 1)
        }
        try set(CURLOPT_SSL_VERIFYPEER, 1)
        try set(CURLOPT_SSL_VERIFYHOST, 2)
        try set(CURLOPT_CONNECTTIMEOUT_MS, configuration.connectTimeout.clampedMilliseconds)
        try set(CURLOPT_TIMEOUT_MS, request.timeout.clampedMilliseconds)
        if let lowSpeed = request.lowSpeed {
            try set(CURLOPT_LOW_SPEED_LIMIT, lowSpeed.bytesPerSecond)
            try set(CURLOPT_LOW_SPEED_TIME, lowSpeed.seconds)
        }
        try set(CURLOPT_USERAGENT, configuration.userAgent)
        try set(CURLOPT_ACCEPT_ENCODING, "")  // whatever libcurl can decode
        try set(CURLOPT_BUFFERSIZE, 64 << 10)
        try check(ga_curl_easy_setopt_int64(handle, option(CURLOPT_MAXFILESIZE_LARGE), Int64(limit)))

        let context = Unmanaged.passUnretained(self).toOpaque()
        try check(ga_curl_easy_setopt_data_callback(handle, option(CURLOPT_WRITEFUNCTION), writeBody))
        try set(CURLOPT_WRITEDATA, pointer: context)
        try check(ga_curl_easy_setopt_data_callback(handle, option(CURLOPT_HEADERFUNCTION), writeHeader))
        try set(CURLOPT_HEADERDATA, pointer: context)

        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            let clean = value.filter { $0 != "\r" && $0 != "\n" }
            // "Name;" is libcurl's spelling of a header with an empty value.
            let line = clean.isEmpty ? "\(name);" : "\(name): \(clean)"
            guard let list = curl_slist_append(headerList, line) else {
                throw .transport(url: url, code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "cannot add header \(name)")
            }
            headerList = list
        }
        if let headerList { try set(CURLOPT_HTTPHEADER, pointer: UnsafeMutableRawPointer(headerList)) }
        if request.method != "GET" { try set(CURLOPT_CUSTOMREQUEST, request.method) }
        if let body = request.body {
            // The size first: COPYPOSTFIELDS then copies that many bytes (binary, NULs included).
            try check(ga_curl_easy_setopt_int64(handle, option(CURLOPT_POSTFIELDSIZE_LARGE), Int64(body.count)))
            if body.isEmpty {
                try set(CURLOPT_COPYPOSTFIELDS, "")
            } else {
                let code = body.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int32 in
                    guard let base = raw.baseAddress else { return 0 }
                    return ga_curl_easy_setopt_pointer(handle, option(CURLOPT_COPYPOSTFIELDS), UnsafeMutableRawPointer(mutating: base))
                }
                try check(code)
            }
        }
    }

    // MARK: Completion (transfer thread)

    /// Resumes the caller once; later calls do nothing.
    func finish(_ result: Result<HTTPResponse, HTTPError>) {
        continuation?.resume(returning: result)
        continuation = nil
    }

    func setContinuation(_ continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>) {
        self.continuation = continuation
    }

    /// The response, or the error libcurl's `code` stands for.
    func result(for code: CURLcode) -> Result<HTTPResponse, HTTPError> {
        if exceededLimit || code == CURLE_FILESIZE_EXCEEDED { return .failure(.bodyTooLarge(url: url, limit: limit)) }
        guard code == CURLE_OK else { return .failure(error(for: code)) }
        var status = 0
        _ = ga_curl_easy_getinfo_long(handle, info(CURLINFO_RESPONSE_CODE), &status)
        return .success(HTTPResponse(status: status, headers: headers, body: body, url: string(CURLINFO_EFFECTIVE_URL) ?? url))
    }

    private func error(for code: CURLcode) -> HTTPError {
        let reason = String(cString: curl_easy_strerror(code))
        let detail = String(cString: errorBuffer)
        let message = detail.isEmpty || detail == reason ? reason : "\(reason): \(detail)"
        switch code {
        case CURLE_OPERATION_TIMEDOUT: return .timedOut(url: url, message: message)
        case CURLE_UNSUPPORTED_PROTOCOL:
            // Only a redirect can get here (the first URL was checked): name where it pointed.
            return .unsupportedScheme(url: headers["location"] ?? string(CURLINFO_REDIRECT_URL) ?? url)
        case CURLE_URL_MALFORMAT: return .invalidURL(url)
        default: return .transport(url: url, code: Int(code.rawValue), message: message)
        }
    }

    // MARK: Callbacks

    fileprivate func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= limit else {
            exceededLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// One header line as libcurl hands it over (with its CR LF), parsed as bytes: HTTP's
    /// whitespace is ASCII and names are ASCII tokens, so no Foundation trimming per line (it
    /// was ~4.5 % of a lazily fetched photo's CPU, issue 28).
    fileprivate func header(bytes: UnsafeRawBufferPointer) {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        var start = 0, end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return }
        let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        if line.starts(with: "HTTP/".utf8) {
            headers = [:]  // a new response: after a redirect or a 100 Continue
            return
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
        var nameEnd = colon
        while nameEnd > 0, isSpace(line[nameEnd - 1]) { nameEnd -= 1 }
        var valueStart = colon + 1
        while valueStart < line.count, isSpace(line[valueStart]) { valueStart += 1 }
        let name = String(decoding: line[0..<nameEnd].map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        let value = String(decoding: line[valueStart...], as: UTF8.self)
        headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        if name == "content-length", let length = Int(value), length <= limit, body.isEmpty {
            body.reserveCapacity(length)
        }
    }

    // MARK: Option helpers

    private func option(_ option: CURLoption) -> Int32 { Int32(option.rawValue) }
    private func info(_ info: CURLINFO) -> Int32 { Int32(info.rawValue) }

    private func check(_ code: Int32) throws(HTTPError) {
        guard code == Int32(CURLE_OK.rawValue) else {
            let message = String(cString: curl_easy_strerror(CURLcode(UInt32(code))))
            throw .transport(url: url, code: Int(code), message: "cannot configure transfer: \(message)")
        }
    }

    private func set(_ option: CURLoption, _ value: Int) throws(HTTPError) {
        try check(ga_curl_easy_setopt_long(handle, self.option(option), value))
    }

    private func set(_ option: CURLoption, _ value: String) throws(HTTPError) {
        // libcurl copies string options (all but CURLOPT_POSTFIELDS) before returning.
        try check(value.withCString { ga_curl_easy_setopt_string(handle, self.option(option), $0) })
    }

    private func set(_ option: CURLoption, pointer: UnsafeMutableRawPointer) throws(HTTPError) {
        try check(ga_curl_easy_setopt_pointer(handle, self.option(option), pointer))
    }

    private func string(_ info: CURLINFO) -> String? {
        var value: UnsafePointer<CChar>?
        guard ga_curl_easy_getinfo_string(handle, self.info(info), &value) == Int32(CURLE_OK.rawValue), let value else {
            return nil
        }
        return String(cString: value)
    }
}

/// CURLOPT_WRITEFUNCTION: appends to the body; returning less than given aborts past the limit.
private let writeBody: ga_curl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard let data, length > 0 else { return length }
    return transfer.append(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// CURLOPT_HEADERFUNCTION: one header line at a time, status lines included.
private let writeHeader: ga_curl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard let data, length > 0 else { return length }
    transfer.header(bytes: UnsafeRawBufferPointer(start: data, count: length))
    return length
}
