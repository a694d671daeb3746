// A pin's album page: live by server-sent events; New Collection (with its reason when nothing
// changed); the pin's title and note (PUT /api/pins/ID); removing the pin after a confirmation;
// the full-size viewer (arrows, Escape, the original, its facts) whose Remove button takes a
// photo away with a few seconds to undo before it is deleted; the pin's own tags and, in the
// viewer, the photo's (tagchips.js; POST /api/{pins,photos}/ID/tags).
(function () {
  "use strict";
  var main = document.getElementById("album");
  var pinId = main.getAttribute("data-pin");
  var grid = document.getElementById("grid");
  var button = document.getElementById("new-collection");
  var status = document.getElementById("status");
  var problem = document.getElementById("problem");
  var noImages = document.getElementById("no-images");
  var dates = document.getElementById("dates");
  var heading = document.getElementById("title");
  var note = document.getElementById("note");
  var busy = button.disabled;
  var album = null;          // the last album JSON
  var pending = null;        // {id, slot, timer}: a removal that can still be undone
  var UNDO_MS = 4000;

  function send(method, url, body) {
    return fetch(url, {
      method: method, credentials: "same-origin", keepalive: method === "DELETE",
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined
    }).then(function (r) {
      return r.json().then(function (j) {
        if (!r.ok) { throw new Error((j && j.error && j.error.message) || r.statusText); }
        return j;
      });
    });
  }

  function slot(photo) {
    var div = document.createElement("div");
    div.className = "slot " + photo.state;
    div.setAttribute("data-id", String(photo.id));
    div.setAttribute("data-state", photo.state);
    if (photo.state === "downloaded") {
      var b = document.createElement("button");
      b.className = "photo";
      b.type = "button";
      b.setAttribute("aria-label", "Open: " + (photo.title || ""));
      var img = document.createElement("img");
      img.src = photo.thumbnail;
      img.alt = photo.title || "";
      img.loading = "lazy";
      b.appendChild(img);
      div.appendChild(b);
      if (photo.takenAt) {
        var date = document.createElement("span");
        date.className = "date";
        date.textContent = localTime(photo.takenAt);
        div.appendChild(date);
      }
    } else if (photo.state === "failed") {
      div.textContent = "failed";
      div.title = photo.failure || "";
    }
    return div;
  }

  function localTime(t) { var s = t.replace("T", " "); return s.length >= 16 ? s.slice(0, 16) : s; }
  function photos(n) { return n + (n === 1 ? " photo" : " photos"); }
  function dateRange(list) {
    var days = list.map(function (p) { return (p.takenAt || "").slice(0, 10); })
      .filter(function (d) { return d.length === 10; }).sort();
    if (days.length === 0) { return ""; }
    return days[0] === days[days.length - 1] ? days[0] : days[0] + " \u2013 " + days[days.length - 1];
  }
  function shown(list) { return list.filter(function (p) { return !pending || String(p.id) !== pending.id; }); }

  function render(next) {
    album = next;
    var list = shown(next.photos);
    var existing = {};
    Array.prototype.forEach.call(grid.children, function (c) { existing[c.getAttribute("data-id")] = c; });
    var wanted = list.map(function (p) {
      var old = existing[String(p.id)];
      return old && old.getAttribute("data-state") === p.state ? old : slot(p);
    });
    wanted.forEach(function (node, i) {
      if (grid.children[i] !== node) { grid.insertBefore(node, grid.children[i] || null); }
    });
    while (grid.children.length > wanted.length) { grid.removeChild(grid.lastChild); }
    // A look-alike whose shown photo left the album (removed) is shown again (folds.js).
    Array.prototype.forEach.call(grid.querySelectorAll(".slot[data-fold-of]"), function (s) {
      if (!grid.querySelector('.slot[data-id="' + s.getAttribute("data-fold-of") + '"] .fold-badge')) {
        s.removeAttribute("data-fold-of");
        s.hidden = false;
      }
    });
    var done = list.filter(function (p) { return p.state === "downloaded"; }).length;
    if (next.downloading) { status.textContent = next.hasAlbum ? "Downloading " + done + " of " + list.length + "\u2026" : "Searching\u2026"; }
    else if (!next.hasAlbum && list.length === 0) { status.textContent = "No album yet"; }
    else { status.textContent = photos(list.length); }
    problem.textContent = next.problem || "";
    problem.hidden = !next.problem;
    dates.textContent = dateRange(list);
    noImages.hidden = !(next.hasAlbum && !next.downloading && list.length === 0);
    busy = next.downloading;
    button.disabled = busy || !next.hasAlbum;
    main.setAttribute("data-downloading", String(next.downloading));
    showPin(next.pin);
  }

  function showPin(pin) {
    var title = pin.title || ("Pin " + pin.id);
    heading.textContent = title;
    document.title = title;
    note.textContent = pin.note || "";
    note.hidden = !pin.note;
  }

  var events = new EventSource("/api/pins/" + pinId + "/events");
  events.addEventListener("album", function (e) { render(JSON.parse(e.data)); });
  events.addEventListener("gone", function () { events.close(); status.textContent = "This pin was removed"; });

  // New Collection: the answer, then the album until its job ends (the event stream sends only
  // changes, and a job that changes nothing would otherwise leave the button disabled).
  function follow(tries) {
    send("GET", "/api/pins/" + pinId + "/photos").then(function (a) {
      render(a);
      if (a.downloading && tries > 0) { setTimeout(function () { follow(tries - 1); }, 1000); }
    }).catch(function (e) { status.textContent = e.message; button.disabled = false; });
  }
  button.addEventListener("click", function () {
    button.disabled = true;
    problem.hidden = true;
    status.textContent = "Looking for new photos\u2026";
    send("POST", "/api/pins/" + pinId + "/new-collection")
      .then(function (a) { render(a); follow(600); })
      .catch(function (e) { problem.textContent = e.message; problem.hidden = false; button.disabled = busy; });
  });

  // Title and note.
  var form = document.getElementById("edit-pin");
  var edit = document.getElementById("edit");
  function toggleEdit(open) {
    form.hidden = !open;
    edit.setAttribute("aria-expanded", String(open));
    if (open) { document.getElementById("edit-title").focus(); } else { edit.focus(); }
  }
  edit.addEventListener("click", function () { toggleEdit(form.hidden); });
  document.getElementById("edit-cancel").addEventListener("click", function () { toggleEdit(false); });
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    var title = document.getElementById("edit-title").value.trim();
    var text = document.getElementById("edit-note").value.trim();
    send("PUT", "/api/pins/" + pinId, { title: title || null, note: text || null }).then(function (pin) {
      showPin(pin);
      status.textContent = "Saved";
      toggleEdit(false);
    }).catch(function (err) { problem.textContent = err.message; problem.hidden = false; });
  });

  // Share links (POST /api/pins/ID/share, GET /api/pins/ID/shares, DELETE /api/shares/ID): the
  // new link's URL is shown once, with Copy; each live link can be revoked.
  var shareForm = document.getElementById("share-pin");
  var shareButton = document.getElementById("share");
  var shareList = document.getElementById("share-links");
  var shareUrl = document.getElementById("share-url");
  function listShares() {
    send("GET", "/api/pins/" + pinId + "/shares").then(function (links) {
      shareList.textContent = "";
      links.filter(function (l) { return !l.revoked && !l.expired; }).forEach(function (l) {
        var li = document.createElement("li");
        li.textContent = "Link " + l.id + ", until " + new Date(l.expiresAt).toLocaleString() + " ";
        var revoke = document.createElement("button");
        revoke.type = "button"; revoke.className = "secondary"; revoke.textContent = "Revoke";
        revoke.setAttribute("aria-label", "Revoke link " + l.id);
        revoke.addEventListener("click", function () {
          send("DELETE", "/api/shares/" + l.id).then(function () { status.textContent = "Link " + l.id + " revoked"; listShares(); })
            .catch(function (err) { problem.textContent = err.message; problem.hidden = false; });
        });
        li.appendChild(revoke);
        shareList.appendChild(li);
      });
    }).catch(function (err) { problem.textContent = err.message; problem.hidden = false; });
  }
  function toggleShare(open) {
    shareForm.hidden = !open;
    shareButton.setAttribute("aria-expanded", String(open));
    if (open) { listShares(); document.getElementById("share-for").focus(); } else { shareButton.focus(); }
  }
  shareButton.addEventListener("click", function () { toggleShare(shareForm.hidden); });
  document.getElementById("share-cancel").addEventListener("click", function () { toggleShare(false); });
  shareForm.addEventListener("submit", function (e) {
    e.preventDefault();
    var seconds = parseInt(document.getElementById("share-for").value, 10);
    send("POST", "/api/pins/" + pinId + "/share", { expiresIn: seconds }).then(function (link) {
      shareUrl.value = window.location.origin + link.path;
      document.getElementById("share-made").hidden = false;
      shareUrl.focus(); shareUrl.select();
      listShares();
    }).catch(function (err) { problem.textContent = err.message; problem.hidden = false; });
  });
  document.getElementById("share-copy").addEventListener("click", function () {
    shareUrl.select();
    var done = function () { status.textContent = "Link copied"; };
    if (navigator.clipboard) { navigator.clipboard.writeText(shareUrl.value).then(done, function () { document.execCommand("copy"); done(); }); }
    else { document.execCommand("copy"); done(); }
  });

  // The pin's own tags (its photos carry them too: the viewer names them beside a photo's own).
  var pinTags = (document.getElementById("pin-tag-editor").getAttribute("data-tags") || "").split(",").filter(Boolean);
  function changeTags(path, add, remove) {
    return send("POST", path, { add: add, remove: remove }).then(function (j) { return j.tags || []; });
  }
  window.GeoAlbumTagChips("pin-tag", function (add, remove) {
    return changeTags("/api/pins/" + pinId + "/tags", add, remove).then(function (tags) { pinTags = tags; return tags; });
  });

  // Removing the pin, after a confirmation.
  var confirmRemove = document.getElementById("confirm-remove");
  document.getElementById("remove-pin").addEventListener("click", function () { confirmRemove.showModal(); });
  confirmRemove.addEventListener("close", function () {
    if (confirmRemove.returnValue !== "remove") { return; }
    events.close();
    send("DELETE", "/api/pins/" + pinId).then(function () { window.location.href = "/?removed=" + pinId; })
      .catch(function (err) { problem.textContent = err.message; problem.hidden = false; });
  });

  // The viewer.
  var viewer = document.getElementById("viewer");
  var viewerImg = document.getElementById("viewer-img");
  var current = -1;
  // A photo's own tags: loaded for each photo shown (a late answer for another photo is dropped).
  var photoTags = document.getElementById("photo-tag-editor");
  var photoChips = window.GeoAlbumTagChips("photo-tag", function (add, remove) {
    return changeTags("/api/photos/" + viewer.getAttribute("data-photo") + "/tags", add, remove);
  });
  function loadTags(id) {
    photoChips.show([]);
    photoTags.removeAttribute("data-loaded");
    var fromPin = document.getElementById("viewer-pin-tags");
    fromPin.textContent = pinTags.length ? "Also its place\u2019s: " + pinTags.map(function (t) { return "#" + t; }).join(" \u00b7 ") : "";
    fromPin.hidden = !pinTags.length;
    send("GET", "/api/photos/" + id + "/tags").then(function (j) {
      if (viewer.getAttribute("data-photo") !== String(id)) { return; }
      photoChips.show(j.tags || []);
      photoTags.setAttribute("data-loaded", String(id));
    }).catch(function (err) {
      var problem = document.getElementById("photo-tag-problem");
      problem.textContent = err.message; problem.hidden = false;
    });
  }
  function downloaded() {
    return album ? shown(album.photos).filter(function (p) { return p.state === "downloaded"; }) : [];
  }
  function fact(list, name, value) {
    if (value === null || value === undefined || value === "") { return; }
    var dt = document.createElement("dt"); dt.textContent = name;
    var dd = document.createElement("dd"); dd.textContent = value;
    list.appendChild(dt); list.appendChild(dd);
  }
  function placeName(place) {
    return place ? [place.name, place.region, place.country || place.countryCode].filter(Boolean).join(", ") : null;
  }
  function show(index) {
    var list = downloaded();
    if (list.length === 0) { viewer.close(); return; }
    current = (index + list.length) % list.length;
    var p = list[current];
    viewerImg.src = p.file || p.thumbnail;
    viewerImg.alt = p.title || "photo " + p.id;
    viewer.setAttribute("data-photo", String(p.id));
    document.getElementById("viewer-title").textContent = p.title || ("Photo " + p.id);
    document.getElementById("viewer-original").href = p.file || p.thumbnail;
    var facts = document.getElementById("viewer-facts");
    facts.textContent = "";
    fact(facts, "Taken", p.takenAt ? localTime(p.takenAt) + (p.offset ? " (UTC" + p.offset + ")" : "") : null);
    fact(facts, "Camera", p.make && p.model && p.model.indexOf(p.make) === 0 ? p.model : [p.make, p.model].filter(Boolean).join(" "));
    fact(facts, "Size", p.width && p.height ? p.width + " \u00d7 " + p.height + (p.bytes ? ", " + Math.round(p.bytes / 1024) + " KB" : "") : null);
    fact(facts, "Place", placeName(p.place) || placeName(album.pin.place));
    fact(facts, "Position", p.latitude !== null && p.latitude !== undefined ? p.latitude.toFixed(5) + ", " + p.longitude.toFixed(5) : null);
    fact(facts, "Altitude", p.altitude !== null && p.altitude !== undefined ? Math.round(p.altitude) + " m" : null);
    fact(facts, "Source", p.source);
    fact(facts, "Owner", p.ownerName || p.ownerId);
    fact(facts, "Licence", p.license);
    fact(facts, "Copyright", p.copyright);
    fact(facts, "Photo", (current + 1) + " of " + list.length);
    loadTags(p.id);
  }
  grid.addEventListener("click", function (e) {
    var target = e.target.closest ? e.target.closest(".slot.downloaded") : null;
    if (!target || !album) { return; }
    var id = target.getAttribute("data-id");
    var index = downloaded().map(function (p) { return String(p.id); }).indexOf(id);
    if (index < 0) { return; }
    show(index);
    viewer.showModal();
    document.getElementById("viewer-close").focus();
  });
  document.getElementById("viewer-prev").addEventListener("click", function () { show(current - 1); });
  document.getElementById("viewer-next").addEventListener("click", function () { show(current + 1); });
  document.getElementById("viewer-close").addEventListener("click", function () { viewer.close(); });
  viewer.addEventListener("keydown", function (e) {
    if (e.target.tagName === "INPUT") { return; }  // the tag field's own arrows
    if (e.key === "ArrowLeft") { e.preventDefault(); show(current - 1); }
    else if (e.key === "ArrowRight") { e.preventDefault(); show(current + 1); }
  });
  viewer.addEventListener("close", function () { viewerImg.removeAttribute("src"); viewer.removeAttribute("data-photo"); });

  // Removing a photo: hidden at once, deleted after UNDO_MS unless Undo is pressed.
  var undoBar = document.getElementById("undo-bar");
  function commit() {
    if (!pending) { return; }
    var gone = pending;
    pending = null;
    clearTimeout(gone.timer);
    undoBar.hidden = true;
    send("DELETE", "/api/photos/" + gone.id).then(function () {
      if (gone.slot.parentNode) { gone.slot.parentNode.removeChild(gone.slot); }
      main.setAttribute("data-removed", gone.id);
    }).catch(function (err) { problem.textContent = err.message; problem.hidden = false; if (album) { render(album); } });
  }
  document.getElementById("viewer-remove").addEventListener("click", function () {
    var list = downloaded();
    var p = list[current];
    if (!p) { return; }
    commit();
    var target = grid.querySelector('.slot[data-id="' + p.id + '"]');
    pending = { id: String(p.id), slot: target, timer: setTimeout(commit, UNDO_MS) };
    if (target) { target.hidden = true; }
    document.getElementById("undo-text").textContent = "Removed \u201c" + (p.title || "photo " + p.id) + "\u201d.";
    undoBar.hidden = false;
    if (list.length > 1) { show(current); } else { viewer.close(); }
    if (album) { render(album); }
  });
  document.getElementById("undo").addEventListener("click", function () {
    if (!pending) { return; }
    clearTimeout(pending.timer);
    if (pending.slot) { pending.slot.hidden = false; }
    pending = null;
    undoBar.hidden = true;
    if (album) { render(album); }
  });
  window.addEventListener("pagehide", commit);
})();
