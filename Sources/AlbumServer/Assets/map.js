(function () {
  "use strict";
  var el = document.getElementById("map");
  var status = document.getElementById("status");
  // `album serve --tiles URL`: a tile server's Web Mercator tiles, with its credit; else the
  // offline basemap (an equirectangular image, outlines and places over it).
  var tiles = el.getAttribute("data-tiles");
  var map = tiles ? L.map(el, { minZoom: 1, maxZoom: 19, worldCopyJump: true })
    : L.map(el, { crs: L.CRS.EPSG4326, maxBounds: [[-95, -190], [95, 190]], minZoom: 0, maxZoom: 18 });
  var basemap = el.getAttribute("data-basemap");
  function escapeHTML(t) {
    return String(t).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }
  if (tiles) {
    L.tileLayer(tiles, { maxZoom: 19, attribution: escapeHTML(el.getAttribute("data-tiles-attribution") || "") }).addTo(map);
  } else if (basemap) { L.imageOverlay(basemap, [[-90, -180], [90, 180]]).addTo(map); }
  // GSHHG's coastlines, lakes, rivers and borders (gshhg.js) from its first zoom, where the
  // Natural Earth outlines below give way to them.
  var vector = !tiles && el.getAttribute("data-vector");
  var vectorZooms = vector ? el.getAttribute("data-vector-zooms").split(",").map(Number) : [];
  if (vector) { window.GeoAlbumVectorBasemap(map, vector, vectorZooms, el.getAttribute("data-vector-version")); }
  var outlines = null;
  function showOutlines() {
    if (!outlines || !vector) { return; }
    var wanted = map.getZoom() < Math.min.apply(null, vectorZooms);
    if (wanted !== map.hasLayer(outlines)) { if (wanted) { outlines.addTo(map); } else { map.removeLayer(outlines); } }
  }
  // Country outlines and names (Natural Earth 1:110m) over the image, which is a blur past
  // zoom 5: borders and coasts stay sharp at any zoom. Names show from zoom 3. Loaded once
  // the pins are placed, so that they do not delay them.
  var labels = L.layerGroup();
  function showLabels() { el.classList.toggle("labels-on", map.getZoom() >= 3); }
  function loadCountries() {
    if (tiles) { return; }  // the tiles have their own
    fetch("/assets/countries.geojson", { credentials: "same-origin" }).then(function (r) { return r.json(); }).then(function (world) {
      outlines = L.geoJSON(world, { interactive: false, style: { color: "#f4f1de", weight: 1, opacity: 0.8, fill: false } }).addTo(map);
      showOutlines();
      world.features.forEach(function (f) {
        var best = null, bestArea = -1;
        f.geometry.coordinates.forEach(function (polygon) {
          var b = L.latLngBounds(polygon[0].map(function (p) { return [p[1], p[0]]; }));
          var a = (b.getNorth() - b.getSouth()) * (b.getEast() - b.getWest());
          if (a > bestArea) { bestArea = a; best = b; }
        });
        if (!best) { return; }
        var name = document.createElement("span");
        name.textContent = f.properties.name;
        labels.addLayer(L.marker(best.getCenter(), {
          interactive: false, keyboard: false,
          icon: L.divIcon({ className: "country-label", html: name, iconSize: null })
        }));
      });
      labels.addTo(map);
      el.setAttribute("data-countries", String(world.features.length));
    }).catch(function (e) { say("Country outlines: " + e.message); });
  }
  map.on("zoomend", showLabels);
  map.on("zoomend", showOutlines);
  // Cities and towns (GeoNames) from zoom 5, where the image alone is a blur.
  if (!tiles) window.GeoAlbumCities(map, function (done) {
    fetch("/assets/cities.json", { credentials: "same-origin" }).then(function (r) { return r.json(); }).then(done)
      .catch(function (e) { say("Places: " + e.message); });
  });
  function ready(count) {
    document.body.setAttribute("data-pins", String(count));
    document.body.setAttribute("data-ready-ms", String(Math.round(performance.now())));
    document.body.setAttribute("data-ready", "true");
    setTimeout(loadCountries, 0);
  }
  // Clusters up to zoom 11 (a view ~50 km wide); from 12 every pin in view is drawn.
  // Each zoom level clustered costs every pin a grid insert: with 18 levels, 10,000 pins
  // took a second of script; with 12, under half of it.
  // A click on a group opens a gallery of its photos (with a "Zoom in"), not a zoom.
  var cluster = L.markerClusterGroup({ disableClusteringAtZoom: 12, zoomToBoundsOnClick: false });
  map.addLayer(cluster);
  el.geoalbumMap = map;  // for the browser tests

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
  function say(text) { status.textContent = text; }

  // One popup, made when a pin is clicked: its place comes from /api/pins/ID then.
  function popup(pin) {
    var div = document.createElement("div");
    var a = document.createElement("a");
    a.href = "/pins/" + pin.id;
    a.textContent = (pin.title || ("Pin " + pin.id)) + " (" + pin.photoCount + (pin.photoCount === 1 ? " photo)" : " photos)");
    div.appendChild(a);
    var place = document.createElement("div");
    place.className = "meta";
    div.appendChild(place);
    fetch("/api/pins/" + pin.id, { credentials: "same-origin" }).then(function (r) { return r.json(); }).then(function (full) {
      if (full.place) { place.textContent = [full.place.name, full.place.country || full.place.countryCode].join(", "); }
    }).catch(function () {});
    return div;
  }
  // Markers carry their pin. Clicks reach the cluster group's handler; drags do not (the
  // cluster group passes on clicks and hovers only), so each marker has its own dragend.
  function makeMarker(p) {
    var marker = L.marker([p[1], p[2]], { draggable: true, title: p[4] || ("Pin " + p[0]), alt: p[4] || ("Pin " + p[0]) });
    marker.pin = { id: p[0], latitude: p[1], longitude: p[2], photoCount: p[3], title: p[4] };
    marker.on("dragend", moved);
    return marker;
  }
  cluster.on("click", function (e) {
    var marker = e.layer;
    if (!marker.pin) { return; }
    L.popup({ offset: [1, -27] }).setLatLng(marker.getLatLng()).setContent(popup(marker.pin)).openOn(map);
  });
  // A dragged pin is moved as `album pin move` does: its album is fetched again at the new place.
  function moved(e) {
    var marker = e.target, pin = marker.pin;
    if (!pin) { return; }
    var p = marker.getLatLng().wrap();
    el.setAttribute("data-moving", String(pin.id));
    send("PUT", "/api/pins/" + pin.id, { latitude: p.lat, longitude: p.lng })
      .then(function (moved) {
        pin.latitude = moved.latitude; pin.longitude = moved.longitude;
        say("Moved " + (pin.title || "pin " + pin.id) + "; fetching the photos of its new place");
        el.setAttribute("data-moved", String(pin.id));
      })
      .catch(function (err) { say(err.message); marker.setLatLng([pin.latitude, pin.longitude]); })
      .then(function () { el.removeAttribute("data-moving"); });
  }

  // Photo thumbnails as markers once pins stand alone (zoom 12, where clustering stops): the
  // first photo of each pin in view with photos, at most 60 fetched per view.
  var thumbs = {};
  function thumbIcon(url, title) {
    var img = document.createElement("img");
    img.src = url; img.alt = title; img.loading = "lazy";
    return L.divIcon({ className: "thumb-marker", html: img, iconSize: [52, 52], iconAnchor: [26, 52], popupAnchor: [0, -48] });
  }
  function firstThumb(pinId) {
    if (!thumbs[pinId]) {
      thumbs[pinId] = fetch("/api/pins/" + pinId + "/photos", { credentials: "same-origin" }).then(function (r) { return r.json(); })
        .then(function (album) {
          var p = (album.photos || []).filter(function (x) { return x.thumbnail; })[0];
          return p ? { url: p.thumbnail, title: p.title || "" } : null;
        }).catch(function () { return null; });
    }
    return thumbs[pinId];
  }
  function showThumbs() {
    if (map.getZoom() < 12) { return; }
    var bounds = map.getBounds(), asked = 0;
    cluster.eachLayer(function (marker) {
      var pin = marker.pin;
      if (!pin || !pin.photoCount || marker.thumbed || asked >= 60 || !bounds.contains(marker.getLatLng())) { return; }
      marker.thumbed = true;
      asked += 1;
      firstThumb(pin.id).then(function (t) {
        if (!t) { return; }
        marker.setIcon(thumbIcon(t.url, (pin.title || "Pin " + pin.id) + ": " + (pin.photoCount === 1 ? "1 photo" : pin.photoCount + " photos")));
        el.setAttribute("data-thumb-markers", String(el.querySelectorAll(".thumb-marker").length));
      });
    });
  }
  map.on("moveend", showThumbs);

  // The cluster gallery: the photos of the group's pins (the 8 with most photos, 6 each).
  var gallery = null;
  function openGallery(group) {
    var markers = group.getAllChildMarkers().filter(function (m) { return m.pin; });
    var total = markers.reduce(function (n, m) { return n + (m.pin.photoCount || 0); }, 0);
    if (!gallery) {
      gallery = document.createElement("dialog");
      gallery.id = "cluster-gallery";
      gallery.className = "gallery";
      gallery.setAttribute("aria-labelledby", "gallery-title");
      document.body.appendChild(gallery);
    }
    gallery.textContent = "";
    var title = document.createElement("h2");
    title.id = "gallery-title";
    title.textContent = markers.length + " places, " + total + (total === 1 ? " photo" : " photos");
    var grid = document.createElement("div");
    grid.className = "grid";
    var buttons = document.createElement("p");
    buttons.className = "actions";
    var zoom = document.createElement("button");
    zoom.type = "button"; zoom.className = "action"; zoom.textContent = "Zoom in";
    zoom.addEventListener("click", function () { gallery.close(); group.zoomToBounds(); });
    var close = document.createElement("button");
    close.type = "button"; close.className = "secondary"; close.textContent = "Close";
    close.addEventListener("click", function () { gallery.close(); });
    buttons.appendChild(zoom); buttons.appendChild(close);
    gallery.appendChild(title); gallery.appendChild(buttons); gallery.appendChild(grid);
    var top = markers.filter(function (m) { return m.pin.photoCount > 0; })
      .sort(function (a, b) { return b.pin.photoCount - a.pin.photoCount; }).slice(0, 8);
    if (!top.length) {
      var none = document.createElement("p");
      none.className = "meta"; none.textContent = "No photos here yet.";
      grid.replaceWith(none);
    }
    Promise.all(top.map(function (m) {
      return fetch("/api/pins/" + m.pin.id + "/photos", { credentials: "same-origin" }).then(function (r) { return r.json(); })
        .then(function (album) {
          album.photos.filter(function (p) { return p.thumbnail; }).slice(0, 6).forEach(function (p) {
            var a = document.createElement("a");
            a.className = "slot"; a.href = "/pins/" + m.pin.id;
            var img = document.createElement("img");
            img.src = p.thumbnail; img.loading = "lazy";
            img.alt = (p.title ? p.title + " — " : "") + (m.pin.title || "Pin " + m.pin.id);
            var caption = document.createElement("span");
            caption.className = "caption"; caption.textContent = m.pin.title || "Pin " + m.pin.id;
            a.appendChild(img); a.appendChild(caption);
            grid.appendChild(a);
          });
        }).catch(function () {});
    })).then(function () { gallery.setAttribute("data-photos", String(grid.children.length)); });
    gallery.showModal();
    zoom.focus();
  }
  cluster.on("clusterclick", function (e) { openGallery(e.layer); });
  // The keyboard: Enter (or Space) on a focused group opens its gallery, on a pin its popup
  // (Leaflet 1.6 turns Enter into a click for plain markers, not through the cluster group).
  el.addEventListener("keydown", function (e) {
    if (e.key !== "Enter" && e.key !== " ") { return; }
    var target = e.target, found = null;
    if (!target.classList || !target.classList.contains("leaflet-marker-icon")) { return; }
    if (cluster._featureGroup) { cluster._featureGroup.eachLayer(function (l) { if (l._icon === target) { found = l; } }); }
    if (!found) { cluster.eachLayer(function (l) { if (l._icon === target) { found = l; } }); }
    if (!found) { return; }
    e.preventDefault();
    e.stopPropagation();
    if (found.getAllChildMarkers) {
      if (!gallery || !gallery.open) { openGallery(found); }
    } else if (found.pin) {
      L.popup({ offset: [1, -27] }).setLatLng(found.getLatLng()).setContent(popup(found.pin)).openOn(map);
    }
  }, true);
  el.geoalbumCluster = cluster;  // for the browser tests

  var removed = /[?&]removed=(\d+)/.exec(window.location.search);
  if (removed) { say("Pin " + removed[1] + " was removed"); }

  var restoring = false;
  var lat = parseFloat(el.getAttribute("data-lat"));
  if (!isNaN(lat)) {
    var lon = parseFloat(el.getAttribute("data-lon"));
    var sLat = parseFloat(el.getAttribute("data-span-lat")) / 2 * 0.999;
    var sLon = parseFloat(el.getAttribute("data-span-lon")) / 2 * 0.999;
    restoring = true;
    map.fitBounds([[lat - sLat, lon - sLon], [lat + sLat, lon + sLon]], { animate: false });
  } else {
    map.setView([20, 0], 1, { animate: false });
  }

  showLabels();

  var timer = null;
  map.on("moveend", function () {
    if (restoring) { restoring = false; document.body.setAttribute("data-region", "restored"); return; }
    clearTimeout(timer);
    timer = setTimeout(function () {
      var c = map.getCenter().wrap(), b = map.getBounds();
      var spanLat = Math.min(180, Math.max(1e-6, b.getNorth() - b.getSouth()));
      var spanLon = Math.min(360, Math.max(1e-6, b.getEast() - b.getWest()));
      var latC = Math.max(-90, Math.min(90, c.lat));
      send("PUT", "/api/region", { latitude: latC, longitude: c.lng, spanLatitude: spanLat, spanLongitude: spanLon })
        .then(function () { document.body.setAttribute("data-region", "saved"); })
        .catch(function (e) { say(e.message); });
    }, 300);
  });
  if (restoring) { setTimeout(function () { restoring = false; }, 500); }

  map.on("contextmenu", function (e) {
    var p = e.latlng.wrap();
    send("POST", "/api/pins", { latitude: p.lat, longitude: p.lng })
      .then(function (pin) { window.location.href = "/pins/" + pin.id; })
      .catch(function (err) { say(err.message); });
  });

  // [[id, latitude, longitude, photoCount, title], …]: every marker made first, then
  // added to the cluster group in one call (one clustering pass, one redraw).
  fetch("/api/map/pins", { credentials: "same-origin" }).then(function (r) { return r.json(); }).then(function (pins) {
    cluster.addLayers(pins.map(makeMarker));
    ready(pins.length);
    showThumbs();
  }).catch(function (e) { say(e.message); });
})();
