// The add sheet (+ Add in every page's header) and its outbox (decision 0081). What the sheet adds —
// a note, a song, a check-in, a voice clip recorded here (MediaRecorder), a photo or sound file —
// is first written to IndexedDB ("geoalbum-outbox") with its own
// Idempotency-Key, then sent to POST /api/entries (JSON, or multipart for a file). While the
// server cannot be reached it waits there, shown as "waiting"; it goes out when the network is
// back (the `online` event, and a retry every 5 s), with the same key, so a request that reached
// the server before its answer was lost is answered once and stored once. States shown: waiting
// (why), sending (a progress bar for files), failed (the server's reason; Retry or Discard),
// sent (a link to it). A refusal (4xx) is never retried by itself: the same request would be
// refused again. Several open pages share the outbox; the key keeps their sends to one.
(function () {
  "use strict";
  var sheet = document.getElementById("add-sheet");
  var form = document.getElementById("add-form");
  var list = document.getElementById("outbox");
  var box = document.getElementById("outbox-box");
  var network = document.getElementById("network");
  var problem = document.getElementById("add-problem");
  if (!sheet || !form || !list) { return; }
  var dbPromise = null;
  var sending = {};   // key -> true while this page sends it
  var sent = [];      // what this page sent, shown until it is left

  function db() {
    if (!dbPromise) {
      dbPromise = new Promise(function (resolve, reject) {
        var open = indexedDB.open("geoalbum-outbox", 1);
        open.onupgradeneeded = function () { open.result.createObjectStore("items", { keyPath: "key" }); };
        open.onsuccess = function () { resolve(open.result); };
        open.onerror = function () { reject(open.error); };
      });
    }
    return dbPromise;
  }
  function store(mode, work) {
    return db().then(function (d) {
      return new Promise(function (resolve, reject) {
        var tx = d.transaction("items", mode);
        var result = work(tx.objectStore("items"));
        tx.oncomplete = function () { resolve(result && "result" in result ? result.result : undefined); };
        tx.onerror = function () { reject(tx.error); };
        tx.onabort = function () { reject(tx.error || new Error("the outbox could not be written")); };
      });
    });
  }
  function all() { return store("readonly", function (s) { return s.getAll(); }); }
  function put(item) { return store("readwrite", function (s) { s.put(item); }); }
  function drop(key) { return store("readwrite", function (s) { s.delete(key); }); }

  function newKey() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    var bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  // The local time the user added it, with its offset: sent as `at`, so an entry that waited
  // keeps the moment it was written, not the moment it went out.
  function localNow() {
    var d = new Date();
    function two(n) { return (n < 10 ? "0" : "") + n; }
    var off = -d.getTimezoneOffset();
    var sign = off >= 0 ? "+" : "-";
    off = Math.abs(off);
    return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate()) + "T" + two(d.getHours()) + ":" + two(d.getMinutes()) +
      ":" + two(d.getSeconds()) + sign + two(Math.floor(off / 60)) + ":" + two(off % 60);
  }

  function describe(item) {
    if (item.kind === "file") { return (item.name || "a file") + " (" + Math.round(item.size / 1024) + " KB)"; }
    var b = item.body;
    if (b.kind === "song") { return "Song: " + b.title + " — " + b.artist; }
    if (b.kind === "place") { return "Check-in" + (b.text ? ": " + b.text : ""); }
    return "Note: " + b.text;
  }
  var labels = { waiting: "waiting", sending: "sending", failed: "failed", sent: "sent" };

  function render() {
    return all().then(function (items) {
      var shown = items.concat(sent.filter(function (s) { return !items.some(function (i) { return i.key === s.key; }); }));
      shown.sort(function (a, b) { return a.created - b.created; });
      list.textContent = "";
      shown.forEach(function (item) {
        var li = document.createElement("li");
        li.className = "outbox-item state-" + item.state;
        li.setAttribute("data-key", item.key);
        li.setAttribute("data-state", item.state);
        var what = document.createElement("span");
        what.className = "what";
        what.textContent = describe(item);
        var state = document.createElement("span");
        state.className = "badge";
        state.textContent = labels[item.state];
        li.appendChild(state);
        li.appendChild(what);
        if (item.state === "sending" && item.kind === "file") {
          var bar = document.createElement("progress");
          bar.max = 100;
          bar.value = item.progress || 0;
          bar.setAttribute("aria-label", "Upload of " + (item.name || "the file"));
          li.appendChild(bar);
        }
        if (item.why) {
          var why = document.createElement("span");
          why.className = item.state === "failed" ? "why problem" : "why meta";
          why.textContent = item.why;
          li.appendChild(why);
        }
        if (item.state === "sent" && item.link) {
          var a = document.createElement("a");
          a.href = item.link;
          a.textContent = "show";
          li.appendChild(a);
        }
        if (item.state === "failed") {
          [["retry", "Retry"], ["discard", "Discard"]].forEach(function (b) {
            var button = document.createElement("button");
            button.type = "button";
            button.className = "secondary";
            button.setAttribute("data-outbox", b[0]);
            button.textContent = b[1];
            li.appendChild(button);
          });
        }
        list.appendChild(li);
      });
      box.hidden = shown.length === 0;
      network.textContent = navigator.onLine ? "" : "— offline: what you add waits here and goes out when the network is back";
    });
  }

  // One request; resolves with {status, json}, rejects only when no answer came at all.
  function transmit(item) {
    return new Promise(function (resolve, reject) {
      var xhr = new XMLHttpRequest();
      xhr.open("POST", "/api/entries");
      xhr.withCredentials = true;
      xhr.setRequestHeader("Idempotency-Key", item.key);
      xhr.responseType = "text";
      xhr.timeout = 120000;
      xhr.onload = function () {
        var json = null;
        try { json = JSON.parse(xhr.responseText); } catch (e) { json = null; }
        resolve({ status: xhr.status, json: json, retryAfter: xhr.getResponseHeader("Retry-After") });
      };
      xhr.onerror = function () { reject(new Error("the server could not be reached")); };
      xhr.ontimeout = function () { reject(new Error("the server did not answer in 2 minutes")); };
      if (item.kind === "file") {
        xhr.upload.onprogress = function (e) {
          if (!e.lengthComputable) { return; }
          item.progress = Math.round(100 * e.loaded / e.total);
          var bar = list.querySelector('[data-key="' + item.key + '"] progress');
          if (bar) { bar.value = item.progress; }
        };
        var data = new FormData();
        data.append("file", item.blob, item.name || "upload");
        xhr.send(data);
      } else {
        xhr.setRequestHeader("Content-Type", "application/json");
        xhr.send(JSON.stringify(item.body));
      }
    });
  }

  function sendOne(item) {
    if (sending[item.key]) { return Promise.resolve(); }
    sending[item.key] = true;
    item.state = "sending";
    item.why = "";
    item.tries = (item.tries || 0) + 1;
    return put(item).then(render).then(function () { return transmit(item); }).then(function (answer) {
      if (answer.status >= 200 && answer.status < 300) {
        var entry = answer.json && (answer.json.entry || (answer.json.kind ? answer.json : null));
        var photo = answer.json && answer.json.photo;
        item.state = "sent";
        item.why = answer.status === 200 ? "already there: stored once" : "";
        item.link = photo ? (photo.pinId ? "/pins/" + photo.pinId : "/api/media/" + photo.id) : entry && entry.id ? "/entries/" + entry.id : "/diary";
        delete item.blob;
        sent.push(item);
        return drop(item.key);
      }
      var message = (answer.json && answer.json.error && answer.json.error.message) || ("status " + answer.status);
      // 408, 409 (the same key still being answered), 429 and 5xx: the server may take it later.
      if (answer.status === 408 || answer.status === 409 || answer.status === 429 || answer.status >= 500) {
        item.state = "waiting";
        item.why = "the server said: " + message + " — will try again";
      } else {
        item.state = "failed";
        item.why = message;
      }
      return put(item);
    }, function (err) {
      item.state = "waiting";
      item.why = (navigator.onLine ? err.message : "offline") + " — will be sent when the server is back";
      return put(item);
    }).then(function () { delete sending[item.key]; return render(); }, function (err) {
      delete sending[item.key];
      problem.textContent = "The outbox could not be written: " + err.message;
      problem.hidden = false;
    });
  }

  // After something went out, the page's entries are read again (the same URL), so what was
  // added shows in its day without a reload.
  function refresh() {
    return fetch(window.location.href, { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) { throw new Error(r.statusText); }
      return r.text();
    }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      ["timeline-groups", "diary-count", "timeline-count", "pager"].forEach(function (id) {
        var here = document.getElementById(id), there = doc.getElementById(id);
        if (here && there) { here.parentNode.replaceChild(document.adoptNode(there), here); }
      });
      var empty = document.getElementById("no-entries");
      if (empty && !doc.getElementById("no-entries")) { empty.hidden = true; }
      document.body.setAttribute("data-refreshed", String(Date.now()));
    }).catch(function () {});
  }

  var flushing = null;
  function flush() {
    if (flushing) { return flushing; }
    var before = sent.length;
    flushing = all().then(function (items) {
      var due = items.filter(function (i) { return i.state === "waiting" || (i.state === "sending" && !sending[i.key]); });
      return due.reduce(function (chain, item) { return chain.then(function () { return sendOne(item); }); }, Promise.resolve());
    }).then(function () { return sent.length > before ? refresh() : null; })
      .then(function () { flushing = null; }, function () { flushing = null; });
    return flushing;
  }

  // The sheet: which fields show for which kind; Escape and Cancel close it.
  function kind() { return form.querySelector("input[name=kind]:checked").value; }
  function showFields() {
    var k = kind();
    Array.prototype.forEach.call(form.querySelectorAll("[data-for]"), function (el) {
      el.hidden = el.getAttribute("data-for").split(" ").indexOf(k) < 0;
    });
  }
  Array.prototype.forEach.call(form.querySelectorAll("input[name=kind]"), function (r) { r.addEventListener("change", showFields); });
  showFields();
  // The places a check-in (or a note or song) can be at: the newest 300 pins, read once.
  var pinsRead = null;
  function readPins() {
    if (pinsRead) { return pinsRead; }
    pinsRead = fetch("/api/pins", { credentials: "same-origin" }).then(function (r) { return r.ok ? r.json() : []; }).then(function (pins) {
      var select = document.getElementById("add-pin");
      pins.sort(function (a, b) { return b.id - a.id; }).slice(0, 300).forEach(function (pin) {
        var option = document.createElement("option");
        var title = pin.title || ("Pin " + pin.id);
        var place = pin.place && pin.place.name;
        option.value = String(pin.id);
        option.textContent = place && place !== pin.title ? title + " · " + place : title;
        select.appendChild(option);
      });
    }).catch(function () { pinsRead = null; });
    return pinsRead;
  }
  document.getElementById("add-open").addEventListener("click", function () {
    problem.hidden = true;
    readPins().then(function () {
      if (!sheet.open) { sheet.showModal(); }
      var first = form.querySelector("input[name=kind]:checked");
      if (first) { first.focus(); }
    });
  });
  document.getElementById("add-cancel").addEventListener("click", function () { sheet.close(); });
  sheet.addEventListener("close", function () { stopRecording(true); });

  // A voice clip recorded in the page: MediaRecorder on the microphone, at most 60 s (the
  // server's limit for a clip), in a container the server reads (MP4 where the browser writes
  // it, else Ogg or WebM), then sent through the outbox as a sound file.
  var recorder = null, recorded = null, recordTimer = null, recordStarted = 0;
  var recordStart = document.getElementById("record-start"), recordStop = document.getElementById("record-stop");
  var recordState = document.getElementById("record-state"), preview = document.getElementById("record-preview");
  function recordingType() {
    var types = [["audio/mp4", "m4a"], ["audio/ogg;codecs=opus", "ogg"], ["audio/webm;codecs=opus", "webm"]];
    for (var i = 0; i < types.length; i++) { if (window.MediaRecorder && MediaRecorder.isTypeSupported(types[i][0])) { return types[i]; } }
    return null;
  }
  function stopRecording(discard) {
    if (recordTimer) { clearInterval(recordTimer); recordTimer = null; }
    if (recorder && recorder.state !== "inactive") { recorder.discard = !!discard; recorder.stop(); }
    if (discard) {
      recorded = null;
      preview.hidden = true;
      preview.removeAttribute("src");
      recordState.textContent = "Up to 60 seconds, from the microphone.";
    }
  }
  recordStart.addEventListener("click", function () {
    problem.hidden = true;
    var type = recordingType();
    if (!type || !navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) { return refuse("This browser cannot record sound here."); }
    navigator.mediaDevices.getUserMedia({ audio: true }).then(function (stream) {
      var chunks = [];
      var mine = new MediaRecorder(stream, { mimeType: type[0] });
      recorder = mine;
      mine.ondataavailable = function (e) { if (e.data && e.data.size) { chunks.push(e.data); } };
      mine.onstop = function () {
        stream.getTracks().forEach(function (t) { t.stop(); });
        recordStart.disabled = false;
        recordStop.disabled = true;
        if (mine.discard) { return; }
        var seconds = Math.round((Date.now() - recordStarted) / 100) / 10;
        recorded = { blob: new Blob(chunks, { type: type[0].split(";")[0] }), extension: type[1], seconds: seconds };
        preview.src = URL.createObjectURL(recorded.blob);
        preview.hidden = false;
        recordState.textContent = "Recorded " + seconds + " s: Add sends it, Record again replaces it.";
        form.setAttribute("data-recorded", String(seconds));
      };
      recorded = null;
      preview.hidden = true;
      recordStarted = Date.now();
      mine.start(250);
      recordStart.disabled = true;
      recordStop.disabled = false;
      recordStop.focus();
      recordState.textContent = "Recording… 0 s";
      recordTimer = setInterval(function () {
        var s = Math.floor((Date.now() - recordStarted) / 1000);
        recordState.textContent = "Recording… " + s + " s";
        if (s >= 60) { stopRecording(false); }
      }, 250);
    }).catch(function (err) { refuse("The microphone cannot be used: " + err.message); });
  });
  recordStop.addEventListener("click", function () { stopRecording(false); recordStart.focus(); });

  function value(id) { return document.getElementById(id).value.trim(); }
  function refuse(message) { problem.textContent = message; problem.hidden = false; }

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    problem.hidden = true;
    var k = kind();
    var item = { key: newKey(), created: Date.now(), state: "waiting", tries: 0, why: navigator.onLine ? "" : "offline — will be sent when the server is back" };
    if (k === "voice") {
      if (!recorded) { return refuse(recorder && recorder.state === "recording" ? "Stop the recording first." : "Record a clip first."); }
      item.kind = "file";
      item.blob = recorded.blob;
      item.name = "voice-" + localNow().slice(0, 19).replace(/[-:]/g, "").replace("T", "-") + "." + recorded.extension;
      item.size = recorded.blob.size;
    } else if (k === "file") {
      var file = document.getElementById("add-file").files[0];
      if (!file) { return refuse("Choose a photo or a sound file."); }
      item.kind = "file";
      item.blob = file;
      item.name = file.name;
      item.size = file.size;
    } else {
      var body = { kind: k, at: localNow() };
      var text = value("add-text");
      if (k === "note") {
        if (!text) { return refuse("Write the note's text."); }
        body.text = text;
      } else if (k === "song") {
        body.title = value("add-song-title");
        body.artist = value("add-artist");
        if (!body.title || !body.artist) { return refuse("A song needs its title and its artist."); }
        if (value("add-album")) { body.album = value("add-album"); }
        if (value("add-link")) { body.link = value("add-link"); }
      } else {
        if (!value("add-pin")) { return refuse("Choose the place of the check-in."); }
        if (text) { body.text = text; }
      }
      if (value("add-pin")) { body.pinId = parseInt(value("add-pin"), 10); }
      var tags = value("add-tags").split(",").map(function (t) { return t.trim(); }).filter(Boolean);
      if (tags.length) { body.tags = tags; }
      item.kind = "json";
      item.body = body;
    }
    put(item).then(function () {
      form.reset();
      stopRecording(true);
      form.removeAttribute("data-recorded");
      showFields();
      sheet.close();
      document.getElementById("add-open").focus();
      return render();
    }).then(flush).catch(function (err) { refuse("The outbox could not be written: " + err.message); });
  });

  list.addEventListener("click", function (e) {
    var button = e.target.closest ? e.target.closest("button[data-outbox]") : null;
    if (!button) { return; }
    var key = button.closest("[data-key]").getAttribute("data-key");
    all().then(function (items) {
      var item = items.filter(function (i) { return i.key === key; })[0];
      if (!item) { return render(); }
      if (button.getAttribute("data-outbox") === "discard") { return drop(key).then(render); }
      item.state = "waiting";
      return put(item).then(flush);
    });
  });

  window.addEventListener("online", function () { render().then(flush); });
  window.addEventListener("offline", render);
  setInterval(function () { if (navigator.onLine) { flush(); } }, 5000);
  Promise.all([render().then(flush), readPins()]).then(function () { document.body.setAttribute("data-outbox", "ready"); });
})();
