/// The stylesheet shared by `album serve` and the static gallery (served as a file: the pages'
/// Content-Security-Policy allows no inline styles or scripts).
public enum PageStyle {
    public static let css = """
        :root { color-scheme: light dark; --accent: #2a6fdb; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.4 "DejaVu Sans", system-ui, sans-serif; }
        header { display: flex; gap: 1em; align-items: center; height: 40px; padding: 0 1em; background: #1d2733; color: #fff; overflow: hidden; }
        header a { color: #fff; text-decoration: none; }
        header h1 { font-size: 1.1em; margin: 0; }
        main { padding: 1em; }
        #map { height: calc(100vh - 40px); background: #0b1a2e; }
        body.map-page { overflow: hidden; }
        .hint { position: absolute; z-index: 1000; bottom: .5em; left: .5em; background: rgba(255,255,255,.85);
          color: #000; padding: .2em .6em; border-radius: 4px; font-size: 13px; }
        .album-head { display: flex; flex-wrap: wrap; gap: 1em; align-items: baseline; }
        .album-head h2 { margin: 0; }
        .meta { color: #777; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 6px; margin-top: 1em; }
        .slot { aspect-ratio: 4 / 3; background: #ccd3dc; border-radius: 4px; overflow: hidden; position: relative;
          display: flex; align-items: center; justify-content: center; color: #556; font-size: 12px; }
        .slot img { width: 100%; height: 100%; object-fit: cover; display: block; }
        .slot.placeholder, .slot.downloading { animation: pulse 1.2s ease-in-out infinite alternate; }
        .slot.failed { background: #f3d6d6; }
        .slot button.photo { all: unset; cursor: pointer; width: 100%; height: 100%; }
        @keyframes pulse { from { opacity: .45; } to { opacity: 1; } }
        .no-images { font-size: 1.4em; color: #777; margin: 2em 0; text-align: center; }
        button.action { font: inherit; padding: .35em 1em; border-radius: 4px; border: 1px solid var(--accent);
          background: var(--accent); color: #fff; cursor: pointer; }
        button.action:disabled { opacity: .45; cursor: not-allowed; }
        ul.albums { list-style: none; padding: 0; columns: 2 18em; }
        ul.albums li { margin: .2em 0; }
        .credit { font-size: 12px; color: #777; }
        img.card { max-width: 100%; width: 540px; border-radius: 6px; }
        header .meta { color: #aab; }
        .slot .date, .slot .caption { position: absolute; left: 0; right: 0; bottom: 0; padding: 1px 5px; font-size: 11px;
          background: rgba(20,24,30,.8); color: #fff; pointer-events: none; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .country-label { display: none; pointer-events: none; }
        .country-label span { display: inline-block; transform: translate(-50%, -50%); color: #f4f1de; font-size: 11px;
          white-space: nowrap; text-shadow: 0 0 3px #000, 0 0 2px #000; }
        .labels-on .country-label { display: block; }
        .city-label { pointer-events: none; }
        .city-label span { display: inline-block; transform: translate(-4px, -50%); color: #fff; font-size: 11px;
          white-space: nowrap; text-shadow: 0 0 3px #000, 0 0 2px #000; }
        .city-label span::before { content: ""; display: inline-block; width: 5px; height: 5px; margin-right: 3px;
          border-radius: 50%; background: #ffd166; box-shadow: 0 0 0 1px #000; vertical-align: middle; }
        .city-label.big span { font-size: 12px; font-weight: bold; }
        ul.tags { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .5em; }
        ul.tags li a { display: inline-block; padding: .2em .7em; border-radius: 1em; background: #e3e9f2; color: #1d2733; text-decoration: none; }
        form.search { display: flex; gap: .5em; margin: .5em 0; }
        form.search input[type=search] { font: inherit; padding: .3em .5em; min-width: 20em; }
        """
}
