// The reminders' service worker (decision 0066): browser notifications with actions exist only
// through a service worker (registration.showNotification). A chosen action is acted on
// through the API — Cancel marks the reminder done, Remind me later snoozes it 10 minutes,
// Reply sends the typed text as a note where the browser offers a text field — and any open
// page is told to refresh. A click on the notification itself (or a Reply without text) opens
// the reminders screen at the reminder's reply field. It caches nothing.
"use strict";
self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

function post(url, body) {
  return fetch(url, {
    method: "POST", credentials: "same-origin",
    headers: { "Content-Type": "application/json" }, body: JSON.stringify(body || {})
  }).then(function (r) {
    if (!r.ok) { throw new Error(url + ": " + r.status); }
    return r.json();
  });
}

function tellPages(message) {
  return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (pages) {
    pages.forEach(function (page) { page.postMessage(message); });
    return pages;
  });
}

function openReply(id) {
  var url = "/reminders#reply-" + id;
  return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (pages) {
    for (var i = 0; i < pages.length; i++) {
      if (new URL(pages[i].url).pathname === "/reminders" && pages[i].focus) {
        pages[i].postMessage({ reminder: id, open: "reply" });
        return pages[i].focus();
      }
    }
    return self.clients.openWindow ? self.clients.openWindow(url) : null;
  });
}

self.addEventListener("notificationclick", function (event) {
  var note = event.notification;
  var id = note.data && note.data.reminder;
  note.close();
  if (!id) { return; }
  var base = "/api/reminders/" + encodeURIComponent(id);
  var done;
  if (event.action === "cancel") {
    done = post(base + "/done");
  } else if (event.action === "later") {
    done = post(base + "/snooze", { minutes: 10 });
  } else if (event.action === "reply" && event.reply) {
    done = post(base + "/reply", { text: event.reply });
  } else {
    event.waitUntil(openReply(id));
    return;
  }
  event.waitUntil(done.then(function () { return tellPages({ reminder: id, changed: event.action }); })
    .catch(function (err) { return tellPages({ reminder: id, problem: String(err.message || err) }); }));
});
