import AlbumCore
import AlbumModel
import Foundation

/// The reminders screen: each reminder with its rule and next time (hour and minute, in its
/// zone), Done, Remind me later and Remove; the add form (once, daily, weekly; for a place or
/// free text). `reminders.js` acts through the API and shows due reminders while the page is open.
extension Pages {
    static func reminders(_ reminders: [Reminder], pins: [Pin]) -> String {
        var out = head("Reminders", map: false, current: "/reminders") + "<main id=\"reminders-page\">\n"
        out += "<div class=\"page-head\"><h2>Reminders</h2><span class=\"meta\">\(count(reminders.filter { $0.dueAt != nil }.count, "active reminder"))</span></div>\n"
        out += "<div id=\"due\" role=\"alert\"></div>\n"
        if reminders.isEmpty {
            out += "<p class=\"meta\" id=\"no-reminders\">No reminders yet.</p>\n"
        } else {
            out += "<ul class=\"rows\" id=\"reminder-list\">\n"
            for r in reminders {
                let clock = WallClock(zone: r.timeZone)
                let rule = switch r.rule {
                case .once(let at): "once, \(at.description)"
                case .daily(let time): "every day at \(time.description)"
                case .weekly(let day, let time): "every \(day.name.capitalized) at \(time.description)"
                }
                out += "<li data-reminder=\"\(r.id)\" data-state=\"\(r.state)\"><div class=\"grow\">"
                if let text = r.text { out += "<span class=\"name\">\(MarkupText.escape(text))</span> " }
                if let pinId = r.pinId { out += "<a class=\"\(r.text == nil ? "name" : "")\" href=\"/pins/\(pinId)\">\(MarkupText.escape(r.pinTitle ?? "Pin \(pinId)"))</a>" }
                out += "<p class=\"meta\"><span class=\"rule\">\(MarkupText.escape(rule))</span> · \(MarkupText.escape(r.zone))"
                if let due = r.dueAt {
                    out += " · next <time class=\"next\" datetime=\"\(clock.iso8601(due))\">\(clock.wall(of: due).description.prefix(16))</time>"
                    if r.snoozedUntil == due { out += " (snoozed)" }
                } else {
                    out += " · <span class=\"done\">done</span>"
                }
                out += "</p></div><div class=\"actions\">"
                if r.dueAt != nil {
                    out += "<button class=\"secondary\" type=\"button\" data-act=\"done\">Done</button>"
                    out += "<button class=\"secondary\" type=\"button\" data-act=\"snooze\">Remind me later</button>"
                }
                out += "<button class=\"secondary\" type=\"button\" data-act=\"remove\" aria-label=\"Remove: \(MarkupText.escape(r.message))\">Remove</button></div></li>\n"
            }
            out += "</ul>\n"
        }
        var options = "<option value=\"\">None (free text)</option>"
        for pin in pins { options += "<option value=\"\(pin.id)\">\(MarkupText.escape(pin.title ?? "Pin \(pin.id)"))</option>" }
        var days = ""
        for day in Weekday.allCases { days += "<option value=\"\(day.name)\">\(day.name.capitalized)</option>" }
        out += """
            <h3>Add a reminder</h3>
            <form class="stack card-box" id="add-reminder">
            <label for="reminder-text">What</label><input type="text" id="reminder-text" name="text" maxlength="1000">
            <label for="reminder-pin">For a place</label><select id="reminder-pin" name="pinId">\(options)</select>
            <fieldset class="kinds"><legend>When</legend>
            <label><input type="radio" name="kind" value="once" checked> Once</label>
            <label><input type="radio" name="kind" value="daily"> Every day</label>
            <label><input type="radio" name="kind" value="weekly"> Every week</label>
            </fieldset>
            <div class="two">
            <div id="day-field"><label for="reminder-date">Day</label><input type="date" id="reminder-date" name="date"></div>
            <div id="weekday-field" hidden><label for="reminder-weekday">Weekday</label><select id="reminder-weekday" name="day">\(days)</select></div>
            <div><label for="reminder-time">Time</label><input type="time" id="reminder-time" name="time" required></div>
            </div>
            <p class="problem" id="problem" role="alert" hidden></p>
            <p class="actions"><button class="action" type="submit">Add the reminder</button></p>
            </form>
            </main>
            <script src="\(StaticAssets.shared.url("reminders.js"))"></script>
            </body>
            </html>

            """
        return out
    }
}
