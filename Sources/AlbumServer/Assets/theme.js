// The theme: the system's (prefers-color-scheme) until the header's switch picks light or dark,
// kept in localStorage. Loaded in <head>, before the body is drawn, so a page never flashes
// the other theme.
(function () {
  "use strict";
  var root = document.documentElement;
  var key = "geoalbum-theme";
  function stored() { try { return localStorage.getItem(key); } catch (e) { return null; } }
  function system() { return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light"; }
  function current() { return root.getAttribute("data-theme") || system(); }
  var saved = stored();
  if (saved === "light" || saved === "dark") { root.setAttribute("data-theme", saved); }

  function label(button) {
    var next = current() === "dark" ? "light" : "dark";
    button.textContent = next === "dark" ? "Dark theme" : "Light theme";
    button.setAttribute("aria-label", "Switch to the " + next + " theme");
    button.setAttribute("data-theme-now", current());
  }
  document.addEventListener("DOMContentLoaded", function () {
    var button = document.getElementById("theme-switch");
    if (!button) { return; }
    label(button);
    button.addEventListener("click", function () {
      var next = current() === "dark" ? "light" : "dark";
      root.setAttribute("data-theme", next);
      try { localStorage.setItem(key, next); } catch (e) { /* private mode: this page only */ }
      label(button);
    });
    if (window.matchMedia) {
      window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", function () { label(button); });
    }
  });
})();
