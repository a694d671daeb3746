/// `GET /api/openapi.json`: the API's OpenAPI 3.0 description.
enum OpenAPIDocument {
    static let json = #"""
        {
          "openapi": "3.0.3",
          "info": {
            "title": "GeoAlbum",
            "version": "0.1.0",
            "description": "The JSON API of `album serve`. Errors are {\"error\": {\"code\", \"message\"}}. Requests that change data take JSON bodies (an upload, POST /api/entries, multipart/form-data); with a token, send `Authorization: Bearer TOKEN`. Any POST, PUT or DELETE may carry an `Idempotency-Key` (1-200 visible ASCII characters, a UUID say): a retry with the same key gets the first answer again (header `Idempotent-Replayed: true`) and changes nothing; the key used for another method, path or body type is 422; while the first is being answered, 409 with Retry-After. Keys are kept a week, per user."
          },
          "components": {
            "securitySchemes": { "bearer": { "type": "http", "scheme": "bearer" }, "cookie": { "type": "apiKey", "in": "cookie", "name": "album_token" } },
            "parameters": {
              "pinId": { "name": "id", "in": "path", "required": true, "schema": { "type": "integer", "format": "int64", "minimum": 1 } },
              "photoId": { "name": "id", "in": "path", "required": true, "schema": { "type": "integer", "format": "int64", "minimum": 1 } },
              "reminderId": { "name": "id", "in": "path", "required": true, "schema": { "type": "integer", "format": "int64", "minimum": 1 } },
              "shareId": { "name": "id", "in": "path", "required": true, "schema": { "type": "integer", "format": "int64", "minimum": 1 } },
              "entryId": { "name": "id", "in": "path", "required": true, "schema": { "type": "integer", "format": "int64", "minimum": 1 } },
              "idempotencyKey": { "name": "Idempotency-Key", "in": "header", "required": false, "description": "a retry with the same key gets the first answer again", "schema": { "type": "string", "minLength": 1, "maxLength": 200, "pattern": "^[!-~]+$" } }
            },
            "schemas": {
              "Error": { "type": "object", "required": ["error"], "properties": { "error": { "type": "object", "required": ["code", "message"], "properties": { "code": { "type": "string" }, "message": { "type": "string" } } } } },
              "Pin": { "type": "object", "required": ["id", "latitude", "longitude", "title", "note", "photoCount"], "properties": {
                "id": { "type": "integer", "format": "int64" }, "latitude": { "type": "number" }, "longitude": { "type": "number" },
                "title": { "type": "string", "nullable": true }, "note": { "type": "string", "nullable": true }, "photoCount": { "type": "integer" },
                "place": { "$ref": "#/components/schemas/Place" }, "timeZone": { "type": "string", "nullable": true, "description": "IANA zone, e.g. Europe/Paris" } } },
              "Place": { "type": "object", "nullable": true, "description": "the nearest populated place (GeoNames)", "properties": {
                "name": { "type": "string" }, "region": { "type": "string", "nullable": true }, "country": { "type": "string", "nullable": true },
                "countryCode": { "type": "string" }, "distanceKm": { "type": "number" } } },
              "NewPin": { "type": "object", "required": ["latitude", "longitude"], "properties": {
                "latitude": { "type": "number", "minimum": -90, "maximum": 90 }, "longitude": { "type": "number", "minimum": -180, "maximum": 180 },
                "title": { "type": "string", "nullable": true, "maxLength": 500 }, "note": { "type": "string", "nullable": true, "maxLength": 5000 },
                "fetch": { "type": "boolean", "default": true, "description": "start fetching the pin's album" },
                "clientId": { "type": "string", "nullable": true, "minLength": 1, "maxLength": 200, "pattern": "^[!-~]+$", "description": "the client's own id of the pin: sent again, the first pin is answered (200) and nothing is stored twice" } } },
              "PinChange": { "type": "object", "description": "a move (latitude and longitude, both), a new title or note (null or empty clears it), or several at once", "properties": {
                "latitude": { "type": "number", "minimum": -90, "maximum": 90 }, "longitude": { "type": "number", "minimum": -180, "maximum": 180 },
                "fetch": { "type": "boolean", "default": true, "description": "after a move, fetch the album of the new place" },
                "title": { "type": "string", "nullable": true, "maxLength": 500 }, "note": { "type": "string", "nullable": true, "maxLength": 5000 } },
                "anyOf": [
                  { "required": ["latitude", "longitude"] },
                  { "required": ["title"], "properties": { "latitude": { "not": {} }, "longitude": { "not": {} } } },
                  { "required": ["note"], "properties": { "latitude": { "not": {} }, "longitude": { "not": {} } } }
                ] },
              "Photo": { "type": "object", "required": ["id", "pinId", "state", "title", "url", "file", "thumbnail", "failure", "takenAt", "latitude", "longitude", "attempts", "source"], "description": "as `album photos --json`, except that file and thumbnail are media URLs and url is null for an imported photo", "properties": {
                "id": { "type": "integer", "format": "int64" }, "pinId": { "type": "integer", "format": "int64", "nullable": true, "description": "null for an unplaced photo" },
                "state": { "type": "string", "enum": ["placeholder", "downloading", "downloaded", "failed"] },
                "title": { "type": "string", "nullable": true }, "url": { "type": "string", "nullable": true },
                "file": { "type": "string", "nullable": true, "description": "media URL of the original" },
                "thumbnail": { "type": "string", "nullable": true, "description": "media URL of the thumbnail" },
                "failure": { "type": "string", "nullable": true }, "takenAt": { "type": "string", "nullable": true },
                "latitude": { "type": "number", "nullable": true }, "longitude": { "type": "number", "nullable": true },
                "attempts": { "type": "integer" }, "bytes": { "type": "integer", "format": "int64", "nullable": true },
                "width": { "type": "integer", "nullable": true }, "height": { "type": "integer", "nullable": true },
                "source": { "type": "string", "description": "the photo source's name, or import" },
                "make": { "type": "string", "nullable": true }, "model": { "type": "string", "nullable": true },
                "orientation": { "type": "integer", "nullable": true }, "altitude": { "type": "number", "nullable": true },
                "place": { "$ref": "#/components/schemas/Place" }, "timeZone": { "type": "string", "nullable": true },
                "offset": { "type": "string", "nullable": true, "description": "UTC offset of takenAt, like +02:00" },
                "offsetSource": { "type": "string", "nullable": true }, "positionSource": { "type": "string", "nullable": true },
                "accuracy": { "type": "integer", "nullable": true, "description": "the source's position accuracy, 1-16" },
                "license": { "type": "string", "nullable": true, "description": "the licence's name" },
                "ownerId": { "type": "string", "nullable": true, "description": "the owner's id at the source (Flickr NSID)" },
                "ownerName": { "type": "string", "nullable": true, "description": "the owner's name at the source; an import's EXIF Artist" },
                "licenseId": { "type": "string", "nullable": true, "description": "Flickr's licence id (0 All Rights Reserved … 16)" },
                "licenseUrl": { "type": "string", "nullable": true },
                "pageUrl": { "type": "string", "nullable": true, "description": "the photo's page at the source" },
                "uploadedAt": { "type": "string", "nullable": true, "description": "when the source received it, ISO 8601 UTC" },
                "sourceTakenAt": { "type": "string", "nullable": true, "description": "the capture time the source gave" },
                "copyright": { "type": "string", "nullable": true, "description": "an import's EXIF Copyright" },
                "perceptualHash": { "type": "string", "nullable": true, "pattern": "^[0-9a-f]{16}$", "description": "the picture's 64-bit perceptual hash (DCT pHash, as imagehash.phash prints it); null until made" } } },
              "Reminder": { "type": "object", "required": ["id", "message", "kind", "rule", "zone", "nextAt", "state"], "description": "as `album remind list --json`; instants are ISO 8601 with the reminder zone's offset", "properties": {
                "id": { "type": "integer", "format": "int64" }, "pinId": { "type": "integer", "format": "int64", "nullable": true },
                "pinTitle": { "type": "string", "nullable": true }, "text": { "type": "string", "nullable": true }, "message": { "type": "string" },
                "kind": { "type": "string", "enum": ["once", "daily", "weekly"] }, "rule": { "type": "string", "description": "2026-05-01 09:00, 09:00 or monday 09:00" },
                "zone": { "type": "string" }, "zoneSource": { "type": "string" }, "nextAt": { "type": "string", "nullable": true },
                "snoozedUntil": { "type": "string", "nullable": true }, "state": { "type": "string", "enum": ["active", "done"] },
                "deliveries": { "type": "integer" }, "lastDeliveredAt": { "type": "string", "nullable": true }, "lastError": { "type": "string", "nullable": true },
                "scheduledAt": { "type": "string", "nullable": true, "description": "the rule's next occurrence (nextAt also counts a snooze)" }, "done": { "type": "boolean", "description": "marked done" },
                "deliveredBy": { "type": "string", "nullable": true, "description": "the device that delivers it (decision 0110); null: this server" } } },
              "NewReminder": { "type": "object", "required": ["kind"], "description": "as `album remind add`: once needs at, daily needs time, weekly needs day and time; a pinId or a text (or both)", "properties": {
                "kind": { "type": "string", "enum": ["once", "daily", "weekly"] },
                "at": { "type": "string", "maxLength": 40, "pattern": "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[ T]([01]?[0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$", "description": "YYYY-MM-DD HH:MM, local time in the zone (once); a day the month has, not passed unless allowPast" },
                "time": { "type": "string", "maxLength": 40, "pattern": "^([01]?[0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$", "description": "HH:MM (daily, weekly)" },
                "day": { "type": "string", "maxLength": 40, "enum": ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "wed", "thu", "fri", "sat", "sun"], "description": "the day of the week (weekly); any first two letters or more are taken, in any case" },
                "text": { "type": "string", "nullable": true, "maxLength": 1000, "pattern": "^[^\\u0000]*[^\\u0000\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000][^\\u0000]*$" }, "pinId": { "type": "integer", "format": "int64", "minimum": 1, "nullable": true },
                "zone": { "type": "string", "nullable": true, "maxLength": 100, "description": "IANA zone; else the pin's, else the server's" },
                "allowPast": { "type": "boolean", "default": false },
                "clientId": { "type": "string", "nullable": true, "minLength": 1, "maxLength": 200, "pattern": "^[!-~]+$", "description": "the client's own id of the reminder: sent again, the first reminder is answered and nothing is stored twice" },
                "deliveredBy": { "type": "string", "nullable": true, "minLength": 1, "maxLength": 200, "pattern": "^[!-~]+$", "description": "the device that delivers it; null: this server" } },
                "oneOf": [ { "required": ["at"], "properties": { "kind": { "enum": ["once"] } } },
                  { "required": ["time"], "properties": { "kind": { "enum": ["daily"] } } },
                  { "required": ["day", "time"], "properties": { "kind": { "enum": ["weekly"] } } } ],
                "anyOf": [ { "required": ["text"], "properties": { "text": { "type": "string" } } }, { "required": ["pinId"], "properties": { "pinId": { "type": "integer" } } } ] },
              "ReminderChange": { "type": "object", "additionalProperties": false, "minProperties": 1, "description": "what album sync changes (decision 0110); done wins over a snooze", "properties": {
                "scheduledAt": { "type": "string", "format": "date-time", "nullable": true, "description": "the rule's next occurrence, ISO 8601 with an offset; null: none left" },
                "snoozedUntil": { "type": "string", "format": "date-time", "nullable": true, "description": "remind me later until then; null: not snoozed" },
                "done": { "type": "boolean", "enum": [true] },
                "deliveredBy": { "type": "string", "nullable": true, "minLength": 1, "maxLength": 200, "pattern": "^[!-~]+$", "description": "the device that delivers it; null: this server" } } },
              "ReminderReply": { "type": "object", "required": ["text"], "properties": { "text": { "type": "string", "minLength": 1, "maxLength": 10000, "pattern": "\\S" } } },
              "NewShare": { "type": "object", "properties": { "expiresIn": { "type": "integer", "nullable": true, "minimum": 60, "maximum": 31622400, "default": 604800, "description": "seconds the link opens for (1 minute to 366 days); absent or null: a week" } } },
              "ShareLink": { "type": "object", "required": ["id", "pinId", "createdAt", "expiresAt", "revoked", "expired", "path"], "description": "as `album share list --json`", "properties": {
                "id": { "type": "integer", "format": "int64" }, "pinId": { "type": "integer", "format": "int64" },
                "createdAt": { "type": "string", "format": "date-time" }, "expiresAt": { "type": "string", "format": "date-time" },
                "revoked": { "type": "boolean" }, "expired": { "type": "boolean" },
                "path": { "type": "string", "nullable": true, "description": "/s/TOKEN, to append to the server's address: only in the answer that made the link (only its hash is kept)" } } },
              "Snooze": { "type": "object", "properties": { "minutes": { "type": "integer", "nullable": true, "minimum": 1, "maximum": 10080, "default": 10, "description": "absent or null: 10" } } },
              "Album": { "type": "object", "required": ["pin", "hasAlbum", "downloading", "noImages", "counts", "photos"], "properties": {
                "pin": { "$ref": "#/components/schemas/Pin" }, "hasAlbum": { "type": "boolean" }, "downloading": { "type": "boolean" },
                "problem": { "type": "string", "nullable": true, "description": "why this server's last fetch or new collection left the album as it was" },
                "noImages": { "type": "boolean" },
                "counts": { "type": "object", "additionalProperties": { "type": "integer" } },
                "photos": { "type": "array", "items": { "$ref": "#/components/schemas/Photo" } } } },
              "Login": { "type": "object", "required": ["email", "password"], "properties": { "email": { "type": "string", "minLength": 1, "maxLength": 254 }, "password": { "type": "string", "minLength": 1, "maxLength": 1024 } } },
              "RefreshToken": { "type": "object", "required": ["refreshToken"], "properties": { "refreshToken": { "type": "string", "minLength": 1, "maxLength": 256 } } },
              "Tokens": { "type": "object", "required": ["token", "refreshToken", "expiresIn", "user"], "properties": {
                "token": { "type": "string" }, "refreshToken": { "type": "string" }, "expiresIn": { "type": "integer", "description": "seconds" },
                "user": { "type": "object", "required": ["id", "email", "admin"], "properties": { "id": { "type": "integer", "format": "int64" }, "email": { "type": "string" }, "admin": { "type": "boolean" } } } } },
              "Entry": { "type": "object", "required": ["id", "kind", "at", "offset", "date", "tags", "text", "title", "artist", "file"], "description": "as `album entry show --json`, except that a sound's file is its media URL", "properties": {
                "id": { "type": "integer", "format": "int64" }, "kind": { "type": "string", "enum": ["note", "song", "audio", "place"] },
                "at": { "type": "string", "description": "local time, like 2026-06-14T09:43:00" }, "offset": { "type": "string", "nullable": true }, "offsetSource": { "type": "string", "nullable": true },
                "date": { "type": "string", "format": "date" }, "latitude": { "type": "number", "nullable": true }, "longitude": { "type": "number", "nullable": true },
                "pinId": { "type": "integer", "format": "int64", "nullable": true }, "place": { "type": "string", "nullable": true },
                "tags": { "type": "array", "items": { "type": "string" } }, "ownerId": { "type": "integer", "format": "int64", "nullable": true },
                "text": { "type": "string", "nullable": true, "description": "a note's Markdown, or a check-in's note" }, "html": { "type": "string", "nullable": true, "description": "the text as safe HTML" },
                "title": { "type": "string", "nullable": true }, "artist": { "type": "string", "nullable": true }, "album": { "type": "string", "nullable": true }, "link": { "type": "string", "nullable": true },
                "durationMs": { "type": "integer", "nullable": true }, "codec": { "type": "string", "nullable": true }, "waveform": { "type": "array", "nullable": true, "items": { "type": "integer" } },
                "file": { "type": "string", "nullable": true }, "mediaType": { "type": "string", "nullable": true }, "bytes": { "type": "integer", "nullable": true },
                "mood": { "type": "string", "nullable": true, "enum": ["positive", "neutral", "negative", null], "description": "how its text feels (a note's, a check-in's note, a clip's transcript), once read" },
                "moodScore": { "type": "number", "nullable": true, "minimum": -1, "maximum": 1, "description": "VADER's compound score" },
                "moodSource": { "type": "string", "nullable": true, "enum": ["computed", "user", null], "description": "computed from the text, or set by hand (album mood)" },
                "transcript": { "type": "string", "nullable": true, "description": "a voice clip's transcript as shown and searched (the user's edit, else the engine's), once done" } } },
              "TimelineItem": { "type": "object", "required": ["kind", "id"], "properties": {
                "kind": { "type": "string", "enum": ["photo", "note", "song", "audio", "place"], "description": "photo, or the entry's own kind (place for a check-in)" },
                "id": { "type": "integer", "format": "int64" } } },
              "TimelineGroup": { "type": "object", "required": ["key", "from", "to", "count", "photos", "entries", "items"], "properties": {
                "key": { "type": "string", "description": "2024-06-14, 2024-W24, 2024-06, or undated" },
                "from": { "type": "string", "format": "date", "nullable": true }, "to": { "type": "string", "format": "date", "nullable": true },
                "count": { "type": "integer", "description": "photos and entries of the whole group (also those on other pages)" },
                "photos": { "type": "array", "items": { "type": "object" }, "description": "this page's photos of the group, newest first (thumbnail as its media URL)" },
                "entries": { "type": "array", "items": { "$ref": "#/components/schemas/Entry" }, "description": "this page's entries of the group, newest first" },
                "items": { "type": "array", "items": { "$ref": "#/components/schemas/TimelineItem" }, "description": "this page's photos and entries of the group in timeline order" } } },
              "Timeline": { "type": "object", "required": ["by", "kinds", "groups", "page", "pages", "pageSize", "total", "asOf"], "description": "as `album timeline --json`", "properties": {
                "by": { "type": "string", "enum": ["day", "week", "month"] },
                "kinds": { "type": "array", "items": { "type": "string", "enum": ["photo", "note", "song", "audio", "checkin"] }, "description": "what the timeline lists" },
                "groups": { "type": "array", "items": { "$ref": "#/components/schemas/TimelineGroup" } },
                "page": { "type": "integer" }, "pages": { "type": "integer" }, "pageSize": { "type": "integer" },
                "total": { "type": "integer", "description": "photos and entries the filter selects, on every page" },
                "asOf": { "type": "integer", "format": "int64", "description": "the highest photo id the pages cover" } } },
              "EntryPosition": { "description": "where: pinId, latitude and longitude, or place (a place name, as --place), one of them or none", "oneOf": [
                { "type": "object", "required": ["pinId"], "properties": { "pinId": { "type": "integer", "format": "int64", "minimum": 1, "maximum": 8999999999999999 }, "latitude": { "not": {} }, "longitude": { "not": {} }, "place": { "not": {} } } },
                { "type": "object", "required": ["latitude", "longitude"], "properties": { "latitude": { "type": "number", "minimum": -90, "maximum": 90 }, "longitude": { "type": "number", "minimum": -180, "maximum": 180 }, "pinId": { "not": {} }, "place": { "not": {} } } },
                { "type": "object", "required": ["place"], "properties": { "place": { "type": "string", "minLength": 1, "maxLength": 200, "pattern": "^[^\\u0000]*[^\\u0000\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000][^\\u0000]*$" }, "pinId": { "not": {} }, "latitude": { "not": {} }, "longitude": { "not": {} } } },
                { "type": "object", "properties": { "pinId": { "not": {} }, "latitude": { "not": {} }, "longitude": { "not": {} }, "place": { "not": {} } } } ] },
              "CheckInPosition": { "description": "where: pinId, latitude and longitude, or place (a place name, as --place), one of them", "oneOf": [
                { "type": "object", "required": ["pinId"], "properties": { "pinId": { "type": "integer", "format": "int64", "minimum": 1, "maximum": 8999999999999999 }, "latitude": { "not": {} }, "longitude": { "not": {} }, "place": { "not": {} } } },
                { "type": "object", "required": ["latitude", "longitude"], "properties": { "latitude": { "type": "number", "minimum": -90, "maximum": 90 }, "longitude": { "type": "number", "minimum": -180, "maximum": 180 }, "pinId": { "not": {} }, "place": { "not": {} } } },
                { "type": "object", "required": ["place"], "properties": { "place": { "type": "string", "minLength": 1, "maxLength": 200, "pattern": "^[^\\u0000]*[^\\u0000\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000][^\\u0000]*$" }, "pinId": { "not": {} }, "latitude": { "not": {} }, "longitude": { "not": {} } } } ] },
              "EntryCommon": { "type": "object", "properties": {
                "at": { "type": "string", "nullable": true, "maxLength": 40, "pattern": "^(19|20)[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])([T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9])?)?$", "description": "local time (seconds, Z or an offset optional) or a date (noon); without an offset, in the zone of its place, else the server's; without at, now" },
                "tags": { "type": "array", "nullable": true, "maxItems": 100, "items": { "$ref": "#/components/schemas/TagText" } },
                "clientId": { "type": "string", "nullable": true, "minLength": 1, "maxLength": 200, "pattern": "^[!-~]+$", "description": "the client's own id of the entry: sent again, the first entry is answered (200) and nothing is stored twice" } } },
              "OwnTags": { "type": "object", "required": ["tags"], "description": "a pin's or a photo's own tags (a photo's without its pin's), sorted", "properties": {
                "tags": { "type": "array", "items": { "type": "string" } } } },
              "OwnTagChange": { "type": "object", "additionalProperties": false, "description": "tags to add and to remove (adding one it has, or removing one it has not, changes nothing; a tag in both ends removed)", "properties": {
                "add": { "type": "array", "maxItems": 100, "items": { "$ref": "#/components/schemas/TagText" } },
                "remove": { "type": "array", "maxItems": 100, "items": { "$ref": "#/components/schemas/TagText" } } },
                "anyOf": [ { "required": ["add"], "properties": { "add": { "minItems": 1 } } }, { "required": ["remove"], "properties": { "remove": { "minItems": 1 } } } ] },
              "Plan": { "type": "object", "required": ["pinId", "from", "to", "note", "visited", "visitedAt", "visitedBy"], "description": "a planned visit to a pin (album plan)", "properties": {
                "pinId": { "type": "integer", "format": "int64" }, "from": { "type": "string", "format": "date", "nullable": true }, "to": { "type": "string", "format": "date", "nullable": true },
                "note": { "type": "string", "nullable": true }, "visited": { "type": "boolean" }, "visitedAt": { "type": "string", "nullable": true }, "visitedBy": { "type": "string", "nullable": true } } },
              "PlanChange": { "type": "object", "additionalProperties": false, "description": "plan the pin (an empty object: undated), or change its plan: from and to both (new dates clear visited), both null (the dates taken off), a note, visited true marks it visited, false takes the mark off", "properties": {
                "from": { "type": "string", "nullable": true, "format": "date", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, "to": { "type": "string", "nullable": true, "format": "date", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" },
                "note": { "type": "string", "maxLength": 5000 }, "visited": { "type": "boolean" } },
                "anyOf": [ { "required": ["from", "to"], "properties": { "from": { "type": "string" }, "to": { "type": "string" } } },
                           { "required": ["from", "to"], "properties": { "from": { "enum": [null] }, "to": { "enum": [null] } } },
                           { "properties": { "from": { "not": {} }, "to": { "not": {} } } } ] },
              "TagText": { "type": "string", "minLength": 1, "maxLength": 64, "pattern": "^[^\\u0000-\\u001f\\u007f-\\u009f]*[^\\u0000\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\u0000-\\u001f\\u007f-\\u009f][^\\u0000-\\u001f\\u007f-\\u009f]*$" },
              "NewNote": { "allOf": [ { "$ref": "#/components/schemas/EntryCommon" }, { "$ref": "#/components/schemas/EntryPosition" }, { "type": "object", "required": ["kind", "text"], "properties": {
                "kind": { "type": "string", "enum": ["note"] }, "text": { "type": "string", "minLength": 1, "maxLength": 100000, "pattern": "^[^\\u0000]*[^\\u0000\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000][^\\u0000]*$", "description": "Markdown (a subset; HTML in it is shown as text)" },
                "title": { "not": {} }, "artist": { "not": {} }, "album": { "not": {} }, "link": { "not": {} } } } ] },
              "NewSong": { "allOf": [ { "$ref": "#/components/schemas/EntryCommon" }, { "$ref": "#/components/schemas/EntryPosition" }, { "type": "object", "required": ["kind", "title", "artist"], "properties": {
                "kind": { "type": "string", "enum": ["song"] }, "title": { "type": "string", "minLength": 1, "maxLength": 1000, "pattern": "^[^\\u0000]*[^\\u0000\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000][^\\u0000]*$" }, "artist": { "type": "string", "minLength": 1, "maxLength": 1000, "pattern": "^[^\\u0000]*[^\\u0000\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000][^\\u0000]*$" },
                "album": { "type": "string", "nullable": true, "maxLength": 1000, "pattern": "^[^\\u0000]*$" }, "link": { "type": "string", "nullable": true, "maxLength": 1000, "pattern": "^[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*$|^[Hh][Tt][Tt][Pp][Ss]?://[^\\u0000\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\"<>]+$", "description": "http:// or https://; empty is none" }, "text": { "not": {} } } } ] },
              "NewCheckIn": { "allOf": [ { "$ref": "#/components/schemas/EntryCommon" }, { "$ref": "#/components/schemas/CheckInPosition" }, { "type": "object", "required": ["kind"], "properties": {
                "kind": { "type": "string", "enum": ["place"] }, "text": { "type": "string", "nullable": true, "maxLength": 100000, "pattern": "^[^\\u0000]*$", "description": "a note about the check-in" },
                "title": { "not": {} }, "artist": { "not": {} }, "album": { "not": {} }, "link": { "not": {} } } } ] },
              "NewEntry": { "description": "a note, a song or a check-in, as `album note add`, `song add` and `check-in` (a sound file is uploaded, not sent as JSON)", "oneOf": [
                { "$ref": "#/components/schemas/NewNote" }, { "$ref": "#/components/schemas/NewSong" }, { "$ref": "#/components/schemas/NewCheckIn" } ] },
              "EntryChange": { "type": "object", "description": "as `album entry edit`: what the entry's kind has (a note's text, a check-in's text, a song's title, artist, album and link, a sound's title and artist); null or empty clears an optional one; a field its kind does not have is a 409", "properties": {
                "text": { "type": "string", "nullable": true, "maxLength": 100000, "pattern": "^[^\\u0000]*$" },
                "title": { "type": "string", "nullable": true, "maxLength": 1000 }, "artist": { "type": "string", "nullable": true, "maxLength": 1000 },
                "album": { "type": "string", "nullable": true, "maxLength": 1000 }, "link": { "type": "string", "nullable": true, "maxLength": 1000 },
                "at": { "type": "string", "maxLength": 40, "pattern": "^(19|20)[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])[T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9])$", "description": "the local time with its offset" },
                "addTags": { "type": "array", "maxItems": 100, "items": { "$ref": "#/components/schemas/TagText" } },
                "removeTags": { "type": "array", "maxItems": 100, "items": { "$ref": "#/components/schemas/TagText" } } },
                "anyOf": [ { "required": ["text"] }, { "required": ["title"] }, { "required": ["artist"] }, { "required": ["album"] }, { "required": ["link"] }, { "required": ["at"] },
                  { "required": ["addTags"], "properties": { "addTags": { "minItems": 1 } } }, { "required": ["removeTags"], "properties": { "removeTags": { "minItems": 1 } } } ] },
              "Upload": { "type": "object", "required": ["kind", "created", "photo", "entry"], "description": "what an upload stored: a photo, or a sound's entry", "properties": {
                "kind": { "type": "string", "enum": ["photo", "audio", "song"] }, "created": { "type": "boolean", "description": "false: these bytes were stored before" },
                "photo": { "allOf": [{ "$ref": "#/components/schemas/Photo" }], "nullable": true }, "entry": { "type": "object", "nullable": true, "description": "as GET /api/entries/{id}" } } },
              "Changes": { "type": "object", "required": ["changes", "cursor", "more"], "properties": {
                "changes": { "type": "array", "items": { "type": "object", "required": ["seq", "entity", "id", "op", "at"], "properties": {
                  "seq": { "type": "integer", "format": "int64" }, "entity": { "type": "string", "enum": ["pin", "photo", "entry", "reminder", "plan"] },
                  "id": { "type": "integer", "format": "int64", "description": "the entity's id (a plan's is its pin's)" },
                  "op": { "type": "string", "enum": ["put", "remove"], "description": "put: made or changed (GET it; a 404 means it went since); remove: gone" },
                  "at": { "type": "integer", "format": "int64", "description": "unix seconds, the server's clock" } } } },
                "cursor": { "type": "integer", "format": "int64", "description": "the since of the next call" }, "more": { "type": "boolean" } } },
              "Region": { "type": "object", "required": ["latitude", "longitude", "spanLatitude", "spanLongitude"], "properties": {
                "latitude": { "type": "number", "minimum": -90, "maximum": 90 }, "longitude": { "type": "number", "minimum": -180, "maximum": 180 },
                "spanLatitude": { "type": "number", "exclusiveMinimum": true, "minimum": 0, "maximum": 180 },
                "spanLongitude": { "type": "number", "exclusiveMinimum": true, "minimum": 0, "maximum": 360 } } }
            },
            "responses": {
              "BadRequest": { "description": "malformed JSON or a field out of range (the message names it)", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } },
              "NotFound": { "description": "unknown id", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } },
              "Unauthorized": { "description": "missing or wrong token", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } },
              "Conflict": { "description": "the pin is downloading", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } },
              "TooManyAttempts": { "description": "too many failed logins for the account or the address", "headers": { "Retry-After": { "description": "seconds to wait", "schema": { "type": "integer", "minimum": 1 } } }, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } },
              "Tokens": { "description": "a short-lived access token (send it as Authorization: Bearer TOKEN) and a refresh token (each works once)", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Tokens" } } } }
            }
          },
          "security": [{}, { "bearer": [] }, { "cookie": [] }],
          "paths": {
            "/api/auth/login": {
              "post": { "summary": "Log in (a library with users): an access token and a refresh token", "security": [{}],
                "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Login" } } } },
                "responses": { "200": { "$ref": "#/components/responses/Tokens" }, "400": { "$ref": "#/components/responses/BadRequest" }, "401": { "$ref": "#/components/responses/Unauthorized" }, "429": { "$ref": "#/components/responses/TooManyAttempts" } } }
            },
            "/api/auth/refresh": {
              "post": { "summary": "Spend a refresh token for a new pair; a spent one used again revokes every token of its login", "security": [{}],
                "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/RefreshToken" } } } },
                "responses": { "200": { "$ref": "#/components/responses/Tokens" }, "400": { "$ref": "#/components/responses/BadRequest" }, "401": { "$ref": "#/components/responses/Unauthorized" } } }
            },
            "/api/auth/logout": {
              "post": { "summary": "Revoke the login of a refresh token (and its access tokens)", "security": [{}],
                "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/RefreshToken" } } } },
                "responses": { "200": { "description": "whether the token named a live login", "content": { "application/json": { "schema": { "type": "object", "required": ["revoked"], "properties": { "revoked": { "type": "boolean" } } } } } }, "400": { "$ref": "#/components/responses/BadRequest" }, "401": { "$ref": "#/components/responses/Unauthorized" } } }
            },
            "/api/pins": {
              "get": { "summary": "Every pin", "responses": { "200": { "description": "pins, oldest first", "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Pin" } } } } }, "401": { "$ref": "#/components/responses/Unauthorized" } } },
              "post": { "summary": "Drop a pin (and fetch its album)", "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/NewPin" } } } },
                "responses": { "201": { "description": "the new pin", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Pin" } } } }, "200": { "description": "the pin this clientId made before (nothing stored)", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Pin" } } } }, "400": { "$ref": "#/components/responses/BadRequest" }, "401": { "$ref": "#/components/responses/Unauthorized" } } }
            },
            "/api/map/pins": {
              "get": { "summary": "Every pin, compact, for the map: [id, latitude, longitude, photoCount, title] each (coordinates to 6 decimals)", "responses": { "200": { "description": "pins, oldest first", "content": { "application/json": { "schema": { "type": "array", "items": { "type": "array", "minItems": 5, "maxItems": 5, "items": {} } } } } }, "401": { "$ref": "#/components/responses/Unauthorized" } } }
            },
            "/api/pins/{id}": {
              "parameters": [{ "$ref": "#/components/parameters/pinId" }],
              "get": { "summary": "One pin", "responses": { "200": { "description": "the pin", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Pin" } } } }, "404": { "$ref": "#/components/responses/NotFound" } } },
              "put": { "summary": "Move a pin (its album is fetched again) and/or change its title and note", "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/PinChange" } } } },
                "responses": { "200": { "description": "the changed pin", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Pin" } } } }, "400": { "$ref": "#/components/responses/BadRequest" }, "404": { "$ref": "#/components/responses/NotFound" }, "409": { "$ref": "#/components/responses/Conflict" } } },
              "delete": { "summary": "Remove a pin and its album", "responses": { "200": { "description": "the removed pin", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Pin" } } } }, "404": { "$ref": "#/components/responses/NotFound" } } }
            },
            "/api/pins/{id}/photos": {
              "parameters": [{ "$ref": "#/components/parameters/pinId" }],
              "get": { "summary": "A pin's album", "responses": { "200": { "description": "the album", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Album" } } } }, "404": { "$ref": "#/components/responses/NotFound" } } }
            },
            "/api/pins/{id}/events": {
              "parameters": [{ "$ref": "#/components/parameters/pinId" }],
              "get": { "summary": "Server-sent events: an `album` event (the Album JSON) whenever the album changes", "responses": { "200": { "description": "an event stream", "content": { "text/event-stream": { "schema": { "type": "string" } } } }, "404": { "$ref": "#/components/responses/NotFound" } } }
            },
            "/api/pins/{id}/new-collection": {
              "parameters": [{ "$ref": "#/components/parameters/pinId" }],
              "post": { "summary": "Replace the album with photos it has not shown", "responses": { "202": { "description": "started; the album as it is now", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Album" } } } }, "404": { "$ref": "#/components/responses/NotFound" }, "409": { "$ref": "#/components/responses/Conflict" } } }
            },
            "/api/pins/{id}/share": {
              "parameters": [{ "$ref": "#/components/parameters/pinId" }],
              "post": { "summary": "Share the pin's album read-only: an unguessable link (/s/TOKEN) to its page, thumbnails and originals until it expires or is revoked", "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/NewShare" } } } },
                "responses": { "201": { "description": "the new link, with its path (shown once)", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ShareLink" } } } }, "400": { "$ref": "#/components/responses/BadRequest" }, "404": { "$ref": "#/components/responses/NotFound" } } }
            },
            "/api/pins/{id}/shares": {
              "parameters": [{ "$ref": "#/components/parameters/pinId" }],
              "get": { "summary": "The pin's share links, newest first (live, expired and revoked)", "responses": { "200": { "description": "share links", "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/ShareLink" } } } } }, "404": { "$ref": "#/components/responses/NotFound" } } }
            },
            "/api/pins/{id}/tags": {
              "parameters": [{ "$ref": "#/components/parameters/pinId" }],
              "get": { "summary": "The pin's own tags", "responses": { "200": { "description": "its tags", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/OwnTags" } } } }, "404": { "$ref": "#/components/responses/NotFound" } } },
              "post": { "summary": "Add and remove the pin's own tags", "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/OwnTagChange" } } } },
                "responses": { "200": { "description": "its tags now", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/OwnTags" } } } }, "400": { "$ref": "#/components/responses/BadRequest" }, "404": { "$ref": "#/components/responses/NotFound" } } }
            },
            "/api/pins/{id}/plan": {
              "parameters": [{ "$ref": "#/components/parameters/pinId" }],
              "get": { "summary": "The pin's plan (404 when it has none)", "responses": { "200": { "description": "the plan", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Plan" } } } }, "404": { "$ref": "#/components/responses/NotFound" } } },
              "put": { "summary": "Plan a visit to the pin, or change its plan", "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/PlanChange" } } } },
                "responses": { "200": { "description": "the plan", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Plan" } } } }, "400": { "$ref": "#/components/responses/BadRequest" }, "404": { "$ref": "#/components/responses/NotFound" } } },
              "delete": { "summary": "Remove the pin's plan (the pin stays)", "responses": { "200": { "description": "the removed plan", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Plan" } } } }, "404": { "$ref": "#/components/responses/NotFound" } } }
            },
            "/api/shares": {
              "get": { "summary": "Every share link of the caller's, newest first", "responses": { "200": { "description": "share links", "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/ShareLink" } } } } }, "401": { "$ref": "#/components/responses/Unauthorized" } } }
            },
            "/api/shares/{id}": {
              "parameters": [{ "$ref": "#/components/parameters/shareId" }],
              "delete": { "summary": "Revoke a share link: it stops opening at once (revoking it again changes nothing)", "responses": { "200": { "description": "the link", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ShareLink" } } } }, "404": { "$ref": "#/components/responses/NotFound" } } }
            },
            "/api/photos/{id}": {
              "parameters": [{ "$ref": "#/components/parameters/photoId" }],
              "get": { "summary": "One photo", "responses": { "200": { "description": "the photo", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Photo" } } } }, "404": { "$ref": "#/components/responses/NotFound" } } },
              "delete": { "summary": "Remove a photo from its album for good", "responses": { "200": { "description": "the removed photo", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Photo" } } } }, "404": { "$ref": "#/components/responses/NotFound" } } }
            },
            "/api/photos/{id}/tags": {
              "parameters": [{ "$ref": "#/components/parameters/photoId" }],
              "get": { "summary": "The photo's own tags (not its pin's)", "responses": { "200": { "description": "its tags", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/OwnTags" } } } }, "404": { "$ref": "#/components/responses/NotFound" } } },
              "post": { "summary": "Add and remove the photo's own tags", "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/OwnTagChange" } } } },
                "responses": { "200": { "description": "its tags now", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/OwnTags" } } } }, "400": { "$ref": "#/components/responses/BadRequest" }, "404": { "$ref": "#/components/responses/NotFound" } } }
            },
            "/api/media/{id}": {
              "parameters": [{ "$ref": "#/components/parameters/photoId" }, { "name": "size", "in": "query", "required": false, "schema": { "type": "string", "enum": ["thumb"] } }],
              "get": { "summary": "A photo's original, or its thumbnail with size=thumb", "responses": { "200": { "description": "the image", "content": { "image/jpeg": { "schema": { "type": "string", "format": "binary" } } } }, "400": { "$ref": "#/components/responses/BadRequest" }, "404": { "$ref": "#/components/responses/NotFound" } } }
            },
            "/api/entries": {
              "get": { "summary": "The timeline: photos (and, with kind, notes, songs, sounds and check-ins) newest local day first, grouped (as `album timeline --kind K --json`, except that each photo's thumbnail and each sound's file is its media URL)",
                "parameters": [
                  { "name": "from", "in": "query", "schema": { "type": "string", "format": "date" } },
                  { "name": "to", "in": "query", "schema": { "type": "string", "format": "date" } },
                  { "name": "tag", "in": "query", "schema": { "type": "string" }, "description": "photos with this tag; a text that is no tag name matches nothing (as does from after to)" },
                  { "name": "pin", "in": "query", "schema": { "type": "integer", "format": "int64", "minimum": 1 }, "description": "photos of this pin (404 when there is no such pin)" },
                  { "name": "page", "in": "query", "schema": { "type": "integer", "format": "int32", "minimum": 1, "maximum": 2147483647, "default": 1 } },
                  { "name": "pageSize", "in": "query", "schema": { "type": "integer", "minimum": 1, "maximum": 1000, "default": 100 } },
                  { "name": "by", "in": "query", "schema": { "type": "string", "enum": ["day", "week", "month"], "default": "day" } },
                  { "name": "asOf", "in": "query", "schema": { "type": "integer", "format": "int64" }, "description": "the asOf of page 1, to page through the same photos" },
                  { "name": "type", "in": "query", "schema": { "type": "string", "enum": ["photo", "note", "song", "audio", "place"], "default": "photo" }, "description": "another kind than photo: that kind's entries newest first, `{total, page, pageSize, entries}` (as `album entries --json`, a sound's file as its media URL); by, pin and asOf apply to photos only" },
                  { "name": "kind", "in": "query", "schema": { "type": "string", "pattern": "^(photo|note|song|audio|checkin|place)(,(photo|note|song|audio|checkin|place))*$", "maxLength": 200 }, "description": "what the timeline lists, comma-separated (photo, note, song, audio, checkin; place is checkin); without it, photos only. pin and tag select entries as photos; asOf holds photos only. Not read when type names another kind than photo" }
                ],
                "responses": { "200": { "description": "one page: a Timeline, or with type another kind's `{total, page, pageSize, entries}`", "content": { "application/json": { "schema": { "anyOf": [{ "$ref": "#/components/schemas/Timeline" }, { "type": "object", "required": ["total", "page", "pageSize", "entries"] }] } } } }, "400": { "$ref": "#/components/responses/BadRequest" }, "404": { "$ref": "#/components/responses/NotFound" } } },
              "post": { "summary": "Add a note, a song or a check-in (a JSON body, as `album note add`, `song add`, `check-in`), or upload a photo (JPEG, HEIC) or a sound (multipart/form-data), imported as `album import` imports (EXIF date and place, the pin it joins or makes, its thumbnail, duplicates by content; a sound becomes an audio or song entry); streamed to disk under the cap (`album serve --max-upload-mb`); nothing is stored when it fails",
                "parameters": [{ "$ref": "#/components/parameters/idempotencyKey" }],
                "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/NewEntry" } }, "multipart/form-data": { "schema": { "type": "object", "required": ["file"], "additionalProperties": false, "properties": { "file": { "type": "string", "format": "binary", "description": "one file, with its filename" } } } } } },
                "responses": {
                  "201": { "description": "stored: the new entry (JSON), or what the upload stored", "content": { "application/json": { "schema": { "anyOf": [{ "$ref": "#/components/schemas/Entry" }, { "$ref": "#/components/schemas/Upload" }] } } } },
                  "200": { "description": "stored before: the entry of this clientId (JSON), or the photo or entry of these bytes", "content": { "application/json": { "schema": { "anyOf": [{ "$ref": "#/components/schemas/Entry" }, { "$ref": "#/components/schemas/Upload" }] } } } },
                  "404": { "description": "no such pin or place name (JSON)", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } },
                  "400": { "$ref": "#/components/responses/BadRequest" },
                  "409": { "description": "a request with this Idempotency-Key is being answered", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } },
                  "413": { "description": "the file is larger than the upload cap", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } },
                  "415": { "description": "not multipart/form-data, or a file that is not a JPEG, HEIC or sound", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } },
                  "422": { "description": "an image or sound that cannot be read (corrupt), or one removed from the library before; or an Idempotency-Key used for another request", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } } } }
            },
            "/api/changes": {
              "get": { "summary": "What changed in the caller's library since a cursor, oldest first (sync's pull): start at since=0, keep the answer's cursor",
                "parameters": [
                  { "name": "since", "in": "query", "schema": { "type": "integer", "format": "int64", "minimum": 0, "default": 0 } },
                  { "name": "limit", "in": "query", "schema": { "type": "integer", "minimum": 1, "maximum": 1000, "default": 500 } }
                ],
                "responses": { "200": { "description": "one page", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Changes" } } } }, "400": { "$ref": "#/components/responses/BadRequest" } } }
            },
            "/api/entries/{id}": {
              "parameters": [{ "$ref": "#/components/parameters/entryId" }],
              "get": { "summary": "One note, song, sound or check-in (as `album entry show --json`)",
                "responses": { "200": { "description": "the entry", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Entry" } } } }, "404": { "$ref": "#/components/responses/NotFound" } } },
              "put": { "summary": "Change an entry (as `album entry edit`)", "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/EntryChange" } } } },
                "responses": { "200": { "description": "the changed entry", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Entry" } } } }, "400": { "$ref": "#/components/responses/BadRequest" }, "404": { "$ref": "#/components/responses/NotFound" },
                  "409": { "description": "a field the entry's kind does not have, or an empty note, title or artist", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } } } },
              "delete": { "summary": "Remove an entry (and a sound's file)", "responses": { "200": { "description": "the removed entry", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Entry" } } } }, "404": { "$ref": "#/components/responses/NotFound" } } }
            },
            "/api/entries/{id}/media": {
              "get": { "summary": "A sound entry's file; one byte range with Range (206), so that a player seeks",
                "parameters": [ { "name": "id", "in": "path", "required": true, "schema": { "type": "integer", "format": "int64", "minimum": 1 } } ],
                "responses": { "200": { "description": "the file" }, "206": { "description": "the range asked for" }, "404": { "$ref": "#/components/responses/NotFound" }, "416": { "description": "a range past the end" } } }
            },
            "/api/summaries/monthly": {
              "get": { "summary": "A month's summary (as `album summary --month --json`)",
                "parameters": [ { "name": "year", "in": "query", "required": true, "schema": { "type": "integer", "minimum": 2, "maximum": 9999 } }, { "name": "month", "in": "query", "required": true, "schema": { "type": "integer", "minimum": 1, "maximum": 12 } } ],
                "responses": { "200": { "description": "the summary", "content": { "application/json": { "schema": { "type": "object" } } } }, "400": { "$ref": "#/components/responses/BadRequest" } } }
            },
            "/api/summaries/yearly": {
              "get": { "summary": "A year's summary (as `album summary --year --json`)",
                "parameters": [ { "name": "year", "in": "query", "required": true, "schema": { "type": "integer", "minimum": 2, "maximum": 9999 } } ],
                "responses": { "200": { "description": "the summary", "content": { "application/json": { "schema": { "type": "object" } } } }, "400": { "$ref": "#/components/responses/BadRequest" } } }
            },
            "/api/summaries/monthly/card": {
              "get": { "summary": "A month's summary card as a PNG (as `album summary --month --card FILE`), in light or dark",
                "parameters": [ { "name": "year", "in": "query", "required": true, "schema": { "type": "integer", "minimum": 2, "maximum": 9999 } }, { "name": "month", "in": "query", "required": true, "schema": { "type": "integer", "minimum": 1, "maximum": 12 } }, { "name": "theme", "in": "query", "required": false, "schema": { "type": "string", "enum": ["light", "dark"], "default": "light" }, "description": "the card's colours" } ],
                "responses": { "200": { "description": "the card", "content": { "image/png": { "schema": { "type": "string", "format": "binary" } } } }, "400": { "$ref": "#/components/responses/BadRequest" } } }
            },
            "/api/summaries/yearly/card": {
              "get": { "summary": "A year's summary card as a PNG (as `album summary --year --card FILE`), in light or dark",
                "parameters": [ { "name": "year", "in": "query", "required": true, "schema": { "type": "integer", "minimum": 2, "maximum": 9999 } }, { "name": "theme", "in": "query", "required": false, "schema": { "type": "string", "enum": ["light", "dark"], "default": "light" }, "description": "the card's colours" } ],
                "responses": { "200": { "description": "the card", "content": { "image/png": { "schema": { "type": "string", "format": "binary" } } } }, "400": { "$ref": "#/components/responses/BadRequest" } } }
            },
            "/api/memories/card": {
              "get": { "summary": "The \"on this day\" card as a PNG (as `album memories --card FILE`): the same month and day in earlier years, in light or dark",
                "parameters": [ { "name": "date", "in": "query", "required": false, "schema": { "type": "string", "format": "date" }, "description": "the day (YYYY-MM-DD; default: today where the server is)" }, { "name": "theme", "in": "query", "required": false, "schema": { "type": "string", "enum": ["light", "dark"], "default": "light" }, "description": "the card's colours" } ],
                "responses": { "200": { "description": "the card", "content": { "image/png": { "schema": { "type": "string", "format": "binary" } } } }, "400": { "$ref": "#/components/responses/BadRequest" } } }
            },
            "/api/tags": {
              "get": { "summary": "Every tag with its photo, pin and entry counts, most used first (as `album tags --json`)", "responses": { "200": { "description": "tags", "content": { "application/json": { "schema": { "type": "array", "items": { "type": "object", "required": ["tag", "photos", "pins", "entries"], "properties": { "tag": { "type": "string" }, "photos": { "type": "integer", "description": "photos carrying it, directly or through their pin" }, "pins": { "type": "integer" }, "entries": { "type": "integer", "description": "notes, songs, sounds and check-ins carrying it" } } } } } } } } }
            },
            "/api/search": {
              "get": { "summary": "Full-text search of titles, notes, places and tags (as `album find --json`)",
                "parameters": [ { "name": "q", "in": "query", "required": true, "schema": { "type": "string", "minLength": 1 }, "description": "words (all must match), \"a phrase\", prefix* ; text that does not parse is read as plain words, text with no word matches nothing" }, { "name": "limit", "in": "query", "schema": { "type": "integer", "minimum": 1, "maximum": 1000, "default": 50 } } ],
                "responses": { "200": { "description": "matches", "content": { "application/json": { "schema": { "type": "object" } } } }, "400": { "$ref": "#/components/responses/BadRequest" } } }
            },
            "/api/basemap/{z}/{x}/{y}": {
              "get": { "summary": "A tile of the offline vector basemap (GSHHG coastlines, lakes, rivers, borders; `make basemap`) in Leaflet's EPSG:4326 tiling: lines as varints (scripts/gshhg-basemap.py says how); empty where there is no line",
                "parameters": [ { "name": "z", "in": "path", "required": true, "schema": { "type": "integer", "minimum": 0, "maximum": 30 }, "description": "a zoom the basemap has (5, 7, 9)" },
                  { "name": "x", "in": "path", "required": true, "schema": { "type": "integer", "minimum": 0 }, "description": "below 2^(z+1)" },
                  { "name": "y", "in": "path", "required": true, "schema": { "type": "integer", "minimum": 0 }, "description": "below 2^z" } ],
                "responses": { "200": { "description": "the tile's lines", "content": { "application/octet-stream": { "schema": { "type": "string", "format": "binary" } } } }, "404": { "description": "no such tile, or no vector basemap on this server", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } } } }
            },
            "/api/reminders": {
              "get": { "summary": "Every reminder, next due first", "responses": { "200": { "description": "reminders", "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Reminder" } } } } } } },
              "post": { "summary": "Add a reminder", "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/NewReminder" } } } },
                "responses": { "201": { "description": "the new reminder (or the one its clientId made before)", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Reminder" } } } }, "400": { "$ref": "#/components/responses/BadRequest" }, "404": { "$ref": "#/components/responses/NotFound" } } }
            },
            "/api/reminders/{id}": {
              "parameters": [{ "$ref": "#/components/parameters/reminderId" }],
              "get": { "summary": "One reminder", "responses": { "200": { "description": "the reminder", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Reminder" } } } }, "404": { "$ref": "#/components/responses/NotFound" } } },
              "put": { "summary": "Change a reminder's next occurrence, snooze, done or deliverer (album sync)", "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ReminderChange" } } } },
                "responses": { "200": { "description": "the reminder", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Reminder" } } } }, "400": { "$ref": "#/components/responses/BadRequest" }, "404": { "$ref": "#/components/responses/NotFound" } } },
              "delete": { "summary": "Remove a reminder", "responses": { "200": { "description": "the removed reminder", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Reminder" } } } }, "404": { "$ref": "#/components/responses/NotFound" } } }
            },
            "/api/reminders/{id}/done": {
              "parameters": [{ "$ref": "#/components/parameters/reminderId" }],
              "post": { "summary": "Mark a reminder done (a repeating one stops too)", "responses": { "200": { "description": "the reminder", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Reminder" } } } }, "404": { "$ref": "#/components/responses/NotFound" } } }
            },
            "/api/reminders/{id}/snooze": {
              "parameters": [{ "$ref": "#/components/parameters/reminderId" }],
              "post": { "summary": "Remind me later: fire again after some minutes, once", "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Snooze" } } } },
                "responses": { "200": { "description": "the reminder", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Reminder" } } } }, "400": { "$ref": "#/components/responses/BadRequest" }, "404": { "$ref": "#/components/responses/NotFound" } } }
            },
            "/api/reminders/{id}/reply": {
              "parameters": [{ "$ref": "#/components/parameters/reminderId" }],
              "post": { "summary": "Reply: a note about the reminder in the diary, tagged `reminder`", "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ReminderReply" } } } },
                "responses": { "201": { "description": "the note entry", "content": { "application/json": { "schema": { "type": "object" } } } }, "400": { "$ref": "#/components/responses/BadRequest" }, "404": { "$ref": "#/components/responses/NotFound" } } }
            },
            "/api/region": {
              "get": { "summary": "The persisted map region (null before one is saved)", "responses": { "200": { "description": "the region", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Region" } } } } } },
              "put": { "summary": "Save the map region", "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Region" } } } },
                "responses": { "200": { "description": "the saved region", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Region" } } } }, "400": { "$ref": "#/components/responses/BadRequest" } } }
            }
          }
        }

        """#
}
