// A trip's page (issue 29): its route on a small map (smallmap.js), the places away from home in time order
// joined by a line, each place a labelled dot, the view fitted to the route.
(function () {
  "use strict";
  var el = document.getElementById("trip-map");
  if (!el) { return; }
  var route = JSON.parse(el.getAttribute("data-route") || "[]");
  var places = JSON.parse(el.getAttribute("data-places") || "[]");
  var map = window.GeoAlbumSmallMap(el);  // smallmap.js: the map page's basemap, or --tiles
  if (!el.getAttribute("data-tiles")) {
    // Country outlines at every zoom (GSHHG's borders start at zoom 5).
    fetch("/assets/countries.geojson", { credentials: "same-origin" }).then(function (r) { return r.json(); }).then(function (world) {
      L.geoJSON(world, { interactive: false, style: { color: "#f4f1de", weight: 1, opacity: 0.8, fill: false } }).addTo(map);
    }).catch(function () {});
  }
  var line = L.polyline(route, { color: "#ffb703", weight: 3, opacity: 0.9 }).addTo(map);
  places.forEach(function (p) {
    L.circleMarker([p.lat, p.lon], { radius: 6, color: "#023047", weight: 2, fillColor: "#ffb703", fillOpacity: 1 })
      .bindTooltip(p.name, { permanent: places.length <= 6, direction: "top" }).addTo(map);
  });
  if (route.length > 1) {
    map.fitBounds(line.getBounds(), { padding: [30, 30], maxZoom: 10, animate: false });
  } else if (route.length === 1) {
    map.setView(route[0], 8, { animate: false });
  } else {
    map.setView([20, 0], 1, { animate: false });
  }
  el.geoalbumMap = map;  // for the browser tests
  el.geoalbumRoute = line;
  el.setAttribute("data-ready", "true");
})();
