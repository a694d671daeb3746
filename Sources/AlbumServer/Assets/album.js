(function () {
  "use strict";
  var main = document.getElementById("album");
  var pinId = main.getAttribute("data-pin");
  var grid = document.getElementById("grid");
  var button = document.getElementById("new-collection");
  var status = document.getElementById("status");
  var noImages = document.getElementById("no-images");
  var dates = document.getElementById("dates");
  var busy = false;

  function slot(photo) {
    var div = document.createElement("div");
    div.className = "slot " + photo.state;
    div.setAttribute("data-id", String(photo.id));
    div.setAttribute("data-state", photo.state);
    if (photo.state === "downloaded") {
      var b = document.createElement("button");
      b.className = "photo";
      b.type = "button";
      b.title = "Remove: " + (photo.title || "");
      var img = document.createElement("img");
      img.src = photo.thumbnail;
      img.alt = photo.title || "";
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

  function render(album) {
    var existing = {};
    Array.prototype.forEach.call(grid.children, function (c) { existing[c.getAttribute("data-id")] = c; });
    var wanted = album.photos.map(function (p) {
      var old = existing[String(p.id)];
      return old && old.getAttribute("data-state") === p.state ? old : slot(p);
    });
    wanted.forEach(function (node, i) {
      if (grid.children[i] !== node) { grid.insertBefore(node, grid.children[i] || null); }
    });
    while (grid.children.length > wanted.length) { grid.removeChild(grid.lastChild); }
    var done = album.counts.downloaded;
    if (!album.hasAlbum) { status.textContent = album.downloading ? "Searching\u2026" : "No album yet"; }
    else if (album.downloading) { status.textContent = "Downloading " + done + " of " + album.photos.length + "\u2026"; }
    else { status.textContent = photos(album.photos.length); }
    dates.textContent = dateRange(album.photos);
    noImages.hidden = !album.noImages;
    busy = album.downloading;
    button.disabled = busy || !album.hasAlbum;
    main.setAttribute("data-downloading", String(album.downloading));
  }

  var events = new EventSource("/api/pins/" + pinId + "/events");
  events.addEventListener("album", function (e) { render(JSON.parse(e.data)); });
  events.addEventListener("gone", function () { events.close(); status.textContent = "This pin was removed"; });

  button.addEventListener("click", function () {
    button.disabled = true;
    fetch("/api/pins/" + pinId + "/new-collection", { method: "POST", credentials: "same-origin" })
      .then(function (r) { return r.json().then(function (j) { if (!r.ok) { throw new Error(j.error.message); } }); })
      .catch(function (e) { status.textContent = e.message; button.disabled = busy; });
  });

  grid.addEventListener("click", function (e) {
    var target = e.target.closest ? e.target.closest(".slot.downloaded") : null;
    if (!target) { return; }
    var id = target.getAttribute("data-id");
    fetch("/api/photos/" + id, { method: "DELETE", credentials: "same-origin" }).then(function (r) {
      if (r.ok && target.parentNode) { target.parentNode.removeChild(target); }
    });
  });
})();
