// The reminders screen: add (once, daily, weekly), Done, Remind me later, Remove, through
// /api/reminders; while the page is open, reminders that fall due are shown (and, when the user
// allowed it, as browser notifications) with Done and Remind me later.
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
    [["done", "Done"], ["snooze", "Remind me later"]].forEach(function (a) {
      var b = document.createElement("button");
      b.type = "button"; b.className = "secondary"; b.setAttribute("data-act", a[0]); b.textContent = a[1];
      actions.appendChild(b);
    });
    box.appendChild(actions);
    due.appendChild(box);
    if (window.Notification && Notification.permission === "granted") {
      try { new Notification("GeoAlbum reminder", { body: r.message, tag: "reminder-" + r.id }); } catch (err) { /* page-only */ }
    }
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
