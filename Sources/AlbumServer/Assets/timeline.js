// The timeline's infinite scroll: when the pager comes into view, the next page ("older") is
// fetched and its groups appended (a day split across two pages stays one group); the pager is
// replaced by the next one. Without scripts the "older" link still works.
(function () {
  "use strict";
  var groups = document.getElementById("timeline-groups");
  if (!groups || !window.IntersectionObserver || !window.DOMParser) { return; }
  var loading = false;

  function append(doc) {
    var incoming = doc.getElementById("timeline-groups");
    Array.prototype.slice.call(incoming.children).forEach(function (section) {
      var last = groups.lastElementChild;
      if (last && last.getAttribute("data-key") === section.getAttribute("data-key")) {
        var grid = last.querySelector(".grid, .entry-list");
        Array.prototype.slice.call(section.querySelector(".grid, .entry-list").children).forEach(function (slot) { grid.appendChild(slot); });
      } else {
        groups.appendChild(document.adoptNode(section));
      }
    });
    var pager = document.getElementById("pager");
    pager.parentNode.replaceChild(document.adoptNode(doc.getElementById("pager")), pager);
    document.body.setAttribute("data-pages-loaded", String(parseInt(document.body.getAttribute("data-pages-loaded") || "1", 10) + 1));
    watch();
  }

  var observer = new IntersectionObserver(function (entries) {
    if (!entries.some(function (e) { return e.isIntersecting; }) || loading) { return; }
    var older = document.getElementById("older");
    if (!older) { return; }
    loading = true;
    fetch(older.href, { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) { throw new Error(r.statusText); }
      return r.text();
    }).then(function (html) {
      loading = false;
      append(new DOMParser().parseFromString(html, "text/html"));
    }).catch(function () { loading = false; });
  }, { rootMargin: "600px 0px" });

  function watch() {
    observer.disconnect();
    var pager = document.getElementById("pager");
    if (pager && document.getElementById("older")) { observer.observe(pager); }
  }
  watch();
})();
