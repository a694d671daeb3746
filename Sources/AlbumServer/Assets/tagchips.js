// Tags as chips, each a link to the timeline narrowed to it with a remove button (×), and a field
// that adds several (separated by commas): an entry's page, a pin's album page, a photo in the
// viewer. GeoAlbumTagChips(prefix, change) wires the section `#PREFIX-editor` that
// `Pages.tagEditor` writes; change(add, remove) sends the change and resolves to the tags now.
// It answers {show(tags)}: the viewer redraws the chips for each photo it shows.
window.GeoAlbumTagChips = function (prefix, change) {
  "use strict";
  var section = document.getElementById(prefix + "-editor");
  var list = document.getElementById(prefix + "-list");
  var field = document.getElementById(prefix + "-new");
  var problem = document.getElementById(prefix + "-problem");
  function say(message) { problem.textContent = message; problem.hidden = !message; }
  function show(tags) {
    list.textContent = "";
    tags.forEach(function (tag) {
      var li = document.createElement("li");
      li.setAttribute("data-tag", tag);
      var a = document.createElement("a");
      a.href = "/timeline?tag=" + encodeURIComponent(tag);
      a.textContent = "#" + tag;
      var b = document.createElement("button");
      b.type = "button";
      b.className = "chip-remove";
      b.setAttribute("data-remove-tag", tag);
      b.setAttribute("aria-label", "Remove the tag " + tag);
      b.textContent = "\u00d7";
      li.appendChild(a);
      li.appendChild(b);
      list.appendChild(li);
    });
    section.setAttribute("data-tags", tags.join(","));
    say("");
  }
  list.addEventListener("click", function (e) {
    var button = e.target.closest ? e.target.closest("button[data-remove-tag]") : null;
    if (!button) { return; }
    say("");
    change([], [button.getAttribute("data-remove-tag")]).then(function (tags) {
      show(tags);
      field.focus();
    }).catch(function (err) { say(err.message); });
  });
  document.getElementById(prefix + "-add").addEventListener("submit", function (e) {
    e.preventDefault();
    say("");
    var tags = field.value.split(",").map(function (t) { return t.trim(); }).filter(Boolean);
    if (!tags.length) { return say("Write a tag to add."); }
    change(tags, []).then(function (now) {
      field.value = "";
      show(now);
    }).catch(function (err) { say(err.message); });
  });
  return { show: show };
};
