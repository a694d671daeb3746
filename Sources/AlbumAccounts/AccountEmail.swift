import AlbumModel
import Foundation

/// The one check and normal form of an account's email: trimmed, lower case, one `@` with text
/// on both sides, no spaces or control characters, at most 254 bytes.
public enum AccountEmail {
    /// - Throws: `AlbumError.invalidInput` naming the email.
    public static func normalized(_ text: String) throws(AlbumError) -> String {
        let email = text.trimmingCharacters(in: .whitespaces).lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.utf8.count <= 254, parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
              email.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
        else { throw .invalidInput("'\(String(text.prefix(80)))' is not an email address (name@host)") }
        return email
    }

    /// The one rule for a new password: 8 to 1024 characters.
    /// - Throws: `AlbumError.invalidInput` saying why (never the password).
    public static func checkPassword(_ password: String) throws(AlbumError) {
        guard password.count >= 8 else { throw .invalidInput("the password must be at least 8 characters") }
        guard password.utf8.count <= 1024 else { throw .invalidInput("the password must be at most 1024 bytes") }
    }
}
