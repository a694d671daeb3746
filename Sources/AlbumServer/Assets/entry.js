// An entry's page (/entries/ID): its tags added and removed in place, its fields edited, the
// entry removed after a confirmation (PUT and DELETE /api/entries/ID), and its small map
// (smallmap.js: the offline basemap with GSHHG's lines, or `serve --tiles`' tiles) with a marker
// where it was.
(function () {
  "use strict";
  var main = document.getElementById("entry");
  if (!main) { return; }
  var id = main.getAttribute("data-id");
  var problem = document.getElementById("problem");

  function say(message) { problem.textContent = message; problem.hidden = !message; }
  function send(method, body) {
    var init = { method: method, credentials: "same-origin", headers: {} };
    if (body) { init.headers["Content-Type"] = "application/json"; init.body = JSON.stringify(body); }
    return fetch("/api/entries/" + id, init).then(function (r) {
      return r.json().catch(function () { return null; }).then(function (j) {
        if (!r.ok) { throw new Error((j && j.error && j.error.message) || r.statusText); }
        return j;
      });
    });
  }

  // Tags (tagchips.js): the answer's tags also on the page, for the browser tests.
  window.GeoAlbumTagChips("tag", function (add, remove) {
    return send("PUT", { addTags: add, removeTags: remove }).then(function (entry) {
      var tags = entry.tags || [];
      main.setAttribute("data-tags", tags.join(","));
      return tags;
    });
  });

  // Edit: the kind's fields; an emptied optional field is cleared ("").
  var form = document.getElementById("edit-entry");
  var edit = document.getElementById("entry-edit");
  function toggle(open) {
    form.hidden = !open;
    edit.setAttribute("aria-expanded", String(open));
    if (open) { var first = form.querySelector("input, textarea"); if (first) { first.focus(); } } else { edit.focus(); }
  }
  edit.addEventListener("click", function () { toggle(form.hidden); });
  document.getElementById("edit-cancel").addEventListener("click", function () { toggle(false); });
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    say("");
    var body = {};
    Array.prototype.forEach.call(form.querySelectorAll("input, textarea"), function (field) { body[field.name] = field.value.trim(); });
    send("PUT", body).then(function () {
      main.setAttribute("data-saved", "true");
      window.location.reload();
    }).catch(function (err) { say(err.message); });
  });

  // Remove, after a confirmation; then the diary.
  var confirmRemove = document.getElementById("confirm-remove");
  document.getElementById("entry-remove").addEventListener("click", function () { confirmRemove.showModal(); });
  confirmRemove.addEventListener("close", function () {
    if (confirmRemove.returnValue !== "remove") { return; }
    send("DELETE").then(function () { window.location.href = "/diary"; }).catch(function (err) { say(err.message); });
  });

  // The map: where it was.
  var el = document.getElementById("entry-map");
  if (!el || !window.L) { return; }
  var at = [parseFloat(el.getAttribute("data-lat")), parseFloat(el.getAttribute("data-lon"))];
  var tiles = el.getAttribute("data-tiles");
  var map = window.GeoAlbumSmallMap(el);  // smallmap.js
  map.setView(at, tiles ? 13 : 9, { animate: false });
  L.marker(at, { alt: "Where it was", keyboard: false }).addTo(map);
  el.geoalbumMap = map;  // for the browser tests
  el.setAttribute("data-ready", "true");
})();
