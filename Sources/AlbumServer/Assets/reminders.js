// The reminders screen: add (once, daily, weekly), Done, Remind me later, Remove, through
// /api/reminders; while the page is open, reminders that fall due are shown with Reply (a note
// in the diary), Cancel (done) and Remind me later — and, when the user allowed it, as browser
// notifications with the same actions, through the service worker sw.js (decision 0066).
(function () {
  "use strict";
  var form = document.getElementById("add-reminder");
  var problem = document.getElementById("problem");
  var due = document.getElementById("due");
  var zone = (window.Intl && Intl.DateTimeFormat().resolvedOptions().timeZone) || null;

  function send(method, url, body) {
    return fetch(url, {
      method: method, credentials: "same-origin",
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined
    }).then(function (r) {
      return r.json().then(function (j) {
        if (!r.ok) { throw new Error((j && j.error && j.error.message) || r.statusText); }
        return j;
      });
    });
  }
  function fail(err) { problem.textContent = err.message; problem.hidden = false; }

  function kind() { return form.querySelector("input[name=kind]:checked").value; }
  function showFields() {
    document.getElementById("day-field").hidden = kind() !== "once";
    document.getElementById("weekday-field").hidden = kind() !== "weekly";
  }
  Array.prototype.forEach.call(form.querySelectorAll("input[name=kind]"), function (r) { r.addEventListener("change", showFields); });
  showFields();

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    problem.hidden = true;
    var body = { kind: kind(), time: document.getElementById("reminder-time").value, zone: zone };
    var text = document.getElementById("reminder-text").value.trim();
    var pin = document.getElementById("reminder-pin").value;
    if (text) { body.text = text; }
    if (pin) { body.pinId = parseInt(pin, 10); }
    if (body.kind === "once") { body.at = document.getElementById("reminder-date").value + " " + body.time; delete body.time; }
    if (body.kind === "weekly") { body.day = document.getElementById("reminder-weekday").value; }
    send("POST", "/api/reminders", body).then(function () { window.location.reload(); }).catch(fail);
  });

  function act(id, what) {
    if (what === "reply") { openReply(id); return Promise.resolve(); }
    var call = what === "done" ? send("POST", "/api/reminders/" + id + "/done")
      : what === "snooze" ? send("POST", "/api/reminders/" + id + "/snooze", { minutes: 10 })
      : send("DELETE", "/api/reminders/" + id);
    return call.then(function () { window.location.reload(); }).catch(fail);
  }
  document.addEventListener("click", function (e) {
    var button = e.target.closest ? e.target.closest("button[data-act]") : null;
    if (!button) { return; }
    var row = button.closest("[data-reminder]");
    act(row.getAttribute("data-reminder"), button.getAttribute("data-act"));
  });

  // Reply: a text field under the reminder (its due box, else its row); sent as a note.
  function openReply(id) {
    var host = due.querySelector('[data-reminder="' + id + '"]') || document.querySelector('#reminder-list [data-reminder="' + id + '"]');
    if (!host) { return; }
    var open = host.querySelector("form.reply");
    if (open) { open.querySelector("textarea").focus(); return; }
    var form = document.createElement("form");
    form.className = "reply stack";
    var label = document.createElement("label");
    label.setAttribute("for", "reply-" + id); label.textContent = "Your reply (kept as a note in the diary)";
    var text = document.createElement("textarea");
    text.id = "reply-" + id; text.maxLength = 10000; text.required = true; text.rows = 2;
    var buttons = document.createElement("p");
    buttons.className = "actions";
    var sendButton = document.createElement("button");
    sendButton.type = "submit"; sendButton.className = "action"; sendButton.textContent = "Send the reply";
    var close = document.createElement("button");
    close.type = "button"; close.className = "secondary"; close.textContent = "Close";
    close.addEventListener("click", function () { form.remove(); });
    buttons.appendChild(sendButton); buttons.appendChild(close);
    form.appendChild(label); form.appendChild(text); form.appendChild(buttons);
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      problem.hidden = true;
      send("POST", "/api/reminders/" + id + "/reply", { text: text.value }).then(function (entry) {
        var saved = document.createElement("p");
        saved.className = "meta replied";
        saved.setAttribute("role", "status");
        saved.textContent = "Reply kept as note " + entry.id + " in the diary.";
        form.replaceWith(saved);
      }).catch(fail);
    });
    host.appendChild(form);
    text.focus();
  }

  // Browser notifications with actions need a service worker (sw.js); without one, a plain
  // notification (its click opens the reply field here).
  var worker = null;
  if (navigator.serviceWorker) {
    // showNotification needs the worker active (and `serviceWorker.ready` is for the page's
    // own scope, which /assets/ is not): wait for it.
    worker = navigator.serviceWorker.register("/assets/sw.js", { scope: "/assets/" }).then(function (reg) {
      return new Promise(function (resolve) {
        function check() {
          if (reg.active && reg.active.state === "activated") { resolve(reg); }
        }
        [reg.installing, reg.waiting, reg.active].forEach(function (w) { if (w) { w.addEventListener("statechange", check); } });
        reg.addEventListener("updatefound", function () { if (reg.installing) { reg.installing.addEventListener("statechange", check); } });
        check();
      });
    }).then(function (reg) {
      document.body.setAttribute("data-worker", "active");
      return reg;
    }).catch(function () { return null; });
    navigator.serviceWorker.addEventListener("message", function (e) {
      var m = e.data || {};
      if (m.problem) { fail(new Error(m.problem)); } else if (m.open === "reply") { openReply(m.reminder); } else if (m.changed) { window.location.reload(); }
    });
  }
  function systemNotification(r) {
    if (!window.Notification || Notification.permission !== "granted") { return; }
    var options = { body: r.message, tag: "reminder-" + r.id, data: { reminder: r.id } };
    // Chromium shows at most Notification.maxActions (2 on Linux): then Cancel and Remind me
    // later; Reply is a click on the notification (it opens the reply field here).
    var actions = [{ action: "reply", title: "Reply", type: "text", placeholder: "Your note" },
      { action: "cancel", title: "Cancel" }, { action: "later", title: "Remind me later" }];
    options.actions = (Notification.maxActions || 0) >= 3 ? actions : actions.slice(1);
    (worker || Promise.resolve(null)).then(function (reg) {
      if (reg && reg.showNotification) { return reg.showNotification("GeoAlbum reminder", options); }
      delete options.actions;
      var n = new Notification("GeoAlbum reminder", options);
      n.onclick = function () { window.focus(); openReply(r.id); };
    }).catch(function () { /* page-only */ });
  }
  if (/^#reply-\d+$/.test(window.location.hash)) {
    window.addEventListener("load", function () { openReply(window.location.hash.slice(7)); });
  }

  // Due reminders while the page is open: checked now and every 30 s.
  var shown = {};
  function notify(r) {
    var box = document.createElement("div");
    box.className = "card-box due-reminder";
    box.setAttribute("data-reminder", String(r.id));
    var title = document.createElement("p");
    title.className = "name";
    title.textContent = "Due: " + r.message;
    box.appendChild(title);
    var actions = document.createElement("div");
    actions.className = "actions";
    [["reply", "Reply"], ["done", "Cancel"], ["snooze", "Remind me later"]].forEach(function (a) {
      var b = document.createElement("button");
      b.type = "button"; b.className = "secondary"; b.setAttribute("data-act", a[0]); b.textContent = a[1];
      actions.appendChild(b);
    });
    box.appendChild(actions);
    due.appendChild(box);
    systemNotification(r);
  }
  function check() {
    send("GET", "/api/reminders").then(function (list) {
      var now = Date.now();
      list.forEach(function (r) {
        var key = r.id + "@" + r.nextAt;
        if (r.state === "active" && r.nextAt && Date.parse(r.nextAt) <= now && !shown[key]) { shown[key] = true; notify(r); }
      });
      document.body.setAttribute("data-checked", String(now));
    }).catch(function () {});
  }
  if (window.Notification && Notification.permission === "default") {
    var ask = document.createElement("button");
    ask.type = "button"; ask.className = "secondary"; ask.textContent = "Show due reminders as notifications";
    ask.addEventListener("click", function () { Notification.requestPermission().then(function () { ask.remove(); }); });
    document.querySelector(".page-head").appendChild(ask);
  }
  check();
  setInterval(check, 30000);
})();
