// A page's small map (an entry's, a trip's) on the map page's basemap: the Blue Marble image with
// GSHHG's coastlines, lakes, rivers and borders (gshhg.js, loaded before this), or the tiles of
// `album serve --tiles` with their attribution, as the element's data attributes say
// (`Pages.mapAttributes`). GeoAlbumSmallMap(el) answers the Leaflet map, without a view.
window.GeoAlbumSmallMap = function (el) {
  "use strict";
  var tiles = el.getAttribute("data-tiles");
  var map = tiles ? L.map(el, { minZoom: 1, maxZoom: 19 })
    : L.map(el, { crs: L.CRS.EPSG4326, maxBounds: [[-95, -190], [95, 190]], minZoom: 0, maxZoom: 18 });
  if (tiles) {
    var credit = document.createElement("span");
    credit.textContent = el.getAttribute("data-tiles-attribution") || "";
    L.tileLayer(tiles, { maxZoom: 19, attribution: credit.innerHTML }).addTo(map);
    return map;
  }
  var basemap = el.getAttribute("data-basemap");
  if (basemap) { L.imageOverlay(basemap, [[-90, -180], [90, 180]]).addTo(map); }
  var vector = el.getAttribute("data-vector");
  if (vector && window.GeoAlbumVectorBasemap) {
    window.GeoAlbumVectorBasemap(map, vector, el.getAttribute("data-vector-zooms").split(",").map(Number), el.getAttribute("data-vector-version"));
  }
  return map;
};
