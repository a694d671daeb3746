// The offline vector basemap (decision 0097): GSHHG's coastlines, lakes, rivers and national
// borders from /api/basemap/{z}/{x}/{y}, drawn on canvas tiles over the Blue Marble image.
// Data tiles exist at a few zooms (5, 7 and 9, each from GSHHG's own resolution for it); a view
// tile at zoom z is drawn from the data tile of the highest data zoom at or below z that covers
// it, fetched once. A tile is lines: class, point count, then zig-zag varint x, y deltas in
// 1/4096 of the data tile (scripts/gshhg-basemap.py writes them).
(function () {
  "use strict";
  var EXTENT = 4096;

  function decode(buffer) {
    var b = new Uint8Array(buffer), at = 0, lines = [];
    function varint() {
      var value = 0, scale = 1, byte;
      do { byte = b[at++]; value += (byte & 127) * scale; scale *= 128; } while (byte & 128 && at < b.length);
      return value;
    }
    function zigzag() { var v = varint(); return v % 2 ? -(v + 1) / 2 : v / 2; }
    while (at < b.length) {
      var cls = varint(), n = varint(), points = new Int32Array(2 * n), x = 0, y = 0;
      for (var i = 0; i < n; i++) { x += zigzag(); y += zigzag(); points[2 * i] = x; points[2 * i + 1] = y; }
      lines.push({ cls: cls, points: points });
    }
    return lines;
  }

  // How a class is drawn at a view zoom (null: not at this zoom). Rivers: 10 + GSHHG's level
  // (0 double-lined, 1-4 permanent major to minor, 5+ intermittent and canals).
  function style(cls, zoom) {
    if (cls === 1) { return { color: "#f4f1de", width: zoom >= 10 ? 1.6 : 1.2 }; }
    if (cls === 2) { return { color: "#cfe8ff", width: 1 }; }
    if (cls === 30) { return { color: "#ffd166", width: 1.4, dash: [5, 3] }; }
    if (cls >= 10 && cls < 30) {
      var level = cls - 10;
      if (level <= 2 || (level <= 4 && zoom >= 7) || zoom >= 10) {
        return { color: "#8fd3ff", width: level <= 1 ? 1.4 : 1, dash: level >= 5 ? [3, 3] : null };
      }
    }
    return null;
  }

  window.GeoAlbumVectorBasemap = function (map, url, zooms, version) {
    var cache = {};
    function dataTile(z, x, y) {
      var key = z + "/" + x + "/" + y;
      if (!cache[key]) {
        cache[key] = fetch(url + "/" + key + "?v=" + encodeURIComponent(version), { credentials: "same-origin" }).then(function (r) {
          if (!r.ok) { throw new Error("basemap tile " + key + ": HTTP " + r.status); }
          return r.arrayBuffer();
        }).then(decode);
      }
      return cache[key];
    }
    var Layer = L.GridLayer.extend({
      createTile: function (coords, done) {
        var tile = document.createElement("canvas"), size = this.getTileSize();
        tile.width = size.x;
        tile.height = size.y;
        var dz = -1;
        zooms.forEach(function (z) { if (z <= coords.z && z > dz) { dz = z; } });
        if (dz < 0) { setTimeout(function () { done(null, tile); }, 0); return tile; }
        var k = Math.pow(2, coords.z - dz);
        var x = Math.floor(coords.x / k), y = Math.floor(coords.y / k);
        dataTile(dz, x, y).then(function (lines) {
          var context = tile.getContext("2d");
          var scale = size.x * k / EXTENT, ox = (coords.x - x * k) * size.x, oy = (coords.y - y * k) * size.y;
          context.lineJoin = "round";
          context.lineCap = "round";
          lines.forEach(function (line) {
            var s = style(line.cls, coords.z), p = line.points;
            if (!s) { return; }
            context.strokeStyle = s.color;
            context.lineWidth = s.width;
            context.setLineDash(s.dash || []);
            context.beginPath();
            context.moveTo(p[0] * scale - ox, p[1] * scale - oy);
            for (var i = 2; i < p.length; i += 2) { context.lineTo(p[i] * scale - ox, p[i + 1] * scale - oy); }
            context.stroke();
          });
          map.getContainer().setAttribute("data-vector-tiles", String(parseInt(map.getContainer().getAttribute("data-vector-tiles") || "0", 10) + 1));
          done(null, tile);
        }).catch(function (e) { done(e, tile); });
        return tile;
      }
    });
    // Over the image and the outlines (overlayPane, 400), under the markers (600).
    map.createPane("vectorBasemap").style.zIndex = 450;
    var layer = new Layer({ minZoom: Math.min.apply(null, zooms), maxZoom: 18, pane: "vectorBasemap", className: "vector-basemap" });
    layer.addTo(map);
    return layer;
  };
})();
