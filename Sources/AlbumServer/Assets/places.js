// The "Add a place" form: a small map where a long press or a right-click sets the position
// (the fields can be typed too), then POST /api/pins with the name and comment; the new place's
// album opens.
(function () {
  "use strict";
  var form = document.getElementById("new-place");
  var lat = document.getElementById("place-lat");
  var lon = document.getElementById("place-lon");
  var problem = document.getElementById("problem");
  var el = document.getElementById("pick-map");
  var map = L.map(el, { crs: L.CRS.EPSG4326, maxBounds: [[-95, -190], [95, 190]], minZoom: 0, maxZoom: 18 });
  var basemap = el.getAttribute("data-basemap");
  if (basemap) { L.imageOverlay(basemap, [[-90, -180], [90, 180]]).addTo(map); }
  fetch("/assets/countries.geojson", { credentials: "same-origin" }).then(function (r) { return r.json(); }).then(function (world) {
    L.geoJSON(world, { interactive: false, style: { color: "#f4f1de", weight: 1, opacity: 0.8, fill: false } }).addTo(map);
  }).catch(function () {});
  map.setView([20, 0], 1, { animate: false });
  el.geoalbumMap = map;  // for the browser tests
  var marker = null;
  function place(p) {
    if (marker) { marker.setLatLng(p); } else { marker = L.marker(p, { alt: "The new place" }).addTo(map); }
  }
  map.on("contextmenu", function (e) {
    var p = e.latlng.wrap();
    lat.value = p.lat.toFixed(6);
    lon.value = p.lng.toFixed(6);
    place(p);
  });
  function typed() {
    var a = parseFloat(lat.value), b = parseFloat(lon.value);
    if (!isNaN(a) && !isNaN(b) && Math.abs(a) <= 90 && Math.abs(b) <= 180) { place([a, b]); }
  }
  lat.addEventListener("change", typed);
  lon.addEventListener("change", typed);

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    problem.hidden = true;
    var body = {
      latitude: parseFloat(lat.value), longitude: parseFloat(lon.value),
      title: document.getElementById("place-title").value.trim() || null,
      note: document.getElementById("place-note").value.trim() || null
    };
    fetch("/api/pins", {
      method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().then(function (j) {
        if (!r.ok) { throw new Error((j && j.error && j.error.message) || r.statusText); }
        window.location.href = "/pins/" + j.id;
      });
    }).catch(function (err) { problem.textContent = err.message; problem.hidden = false; });
  });
})();
