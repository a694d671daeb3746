#pragma once
// libsodium (Debian's libsodium-dev): argon2id password hashes (crypto_pwhash_str*), random bytes
// and constant-time comparison. Only AlbumAccounts/PasswordHasher.swift calls it (decision 0046).
#include <sodium.h>
