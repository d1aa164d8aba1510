/// `frp learn`: lessons built from the scenarios people come from (the ReactiveCocoa photo
/// browser and MVVM tutorials, SCENARIOS.md). A lesson is a few steps: read, see a given
/// pipeline run with its trace, then exercises — "write the pipeline that produces this
/// marble" — checked by running the answer in virtual time and comparing events.
struct Lesson: Sendable {
    /// What the learner types: `frp learn search`.
    let name: String
    let title: String
    let steps: [Step]

    var exercises: [Exercise] {
        steps.compactMap { if case .exercise(let exercise) = $0 { return exercise } else { return nil } }
    }

    /// The step (1-based) of the exercise numbered `number` (from 1).
    func step(ofExercise number: Int) -> Int {
        let places = steps.indices.filter { if case .exercise = steps[$0] { true } else { false } }
        return places.indices.contains(number - 1) ? places[number - 1] + 1 : 1
    }
}

enum Step: Sendable {
    /// Text to read.
    case read(String)
    /// `let` lines the rest of the lesson uses: shown, then bound.
    case given(String)
    /// A pipeline run in virtual time, its events and trace shown.
    case run(String)
    /// The same, for a pipeline that fails on purpose: the reading before it says why
    /// (a test fails on any other run that ends in an error).
    case fails(String)
    case exercise(Exercise)
}

struct Exercise: Sendable {
    /// What to do, in a sentence or two.
    let task: String
    /// The expected run, as written after `emits`: `"500ms (n|)" {n: 3}`.
    let emits: String
    /// One answer that produces it (the tests check that it does).
    let solution: String
    /// Plausible mistakes, each producing another marble (the tests check that each is
    /// rejected): the answer checker tells them apart by running them, and an answer that
    /// behaves as one of them gets its hint.
    let mistakes: [Mistake]
    /// What `hint` says second: the operator to reach for.
    let hint: String
    /// What `hint` says first: where to look, without the answer.
    let nudge: String
    /// What the answer must use or avoid besides sending the marble (`Idea`): an answer
    /// that behaves right but misses one is told which.
    var ideas: [Idea] = []

    /// What `hint` says each time it is asked, from a nudge to the answer.
    var hints: [String] { [nudge, hint, "one solution: " + solution] }
}

/// A wrong answer a learner is likely to write, and what to say about it.
struct Mistake: Sendable {
    let answer: String
    let hint: String

    init(_ answer: String, _ hint: String) {
        self.answer = answer
        self.hint = hint
    }
}

extension Lesson {
    static let all: [Lesson] = [marbles, feed, search, login, friends, token, hotAndCold, time, many, groups]

    static func named(_ name: String) -> Lesson? { all.first { $0.name == name } }

    /// The notation every other lesson draws and asks for: taught first.
    static let marbles = Lesson(name: "marbles", title: "Reading and writing marbles", steps: [
        .read("""
            A marble is a signal drawn as text, the way RxJS's TestScheduler draws one: one character \
            is one frame, and a frame is 1 ms of virtual time. Every run in these lessons prints its \
            events and then draws each stage like this, and every exercise asks for a marble.
            `-` is a frame in which nothing happens. A letter or a digit, like `a`, is a value sent at \
            its frame, and it takes that frame too. `|` is the completion: nothing comes after it. \
            `cold "MARBLE"` is a source that plays a marble.
            """),
        .run(#"cold "-a--b-|""#),
        .read("""
            Count the frames from 0: `-` is frame 0, so a comes at 1 ms. a takes frame 1 and `--` \
            frames 2 and 3, so b comes at 4 ms; `-` is frame 5 and `|` completes at 6 ms. \
            A letter sends itself, the string "a", unless a record after the marble gives the \
            letters their values: `{a: 1, b: {n: 5}}`.
            """),
        .run(#"cold "-a--b-|" {a: 1, b: 20}"#),
        .exercise(Exercise(
            task: "Write a cold source that sends the number 1 at 2 ms and 2 at 5 ms, and completes at 6 ms.",
            emits: #""--a--b|" {a: 1, b: 2}"#,
            solution: #"cold "--a--b|" {a: 1, b: 2}"#,
            mistakes: [
                Mistake(#"cold "--a---b|" {a: 1, b: 2}"#,
                        "b came at 6 ms: a takes its own frame (2), so the `--` after it are frames 3 and 4, and b comes at 5."),
                Mistake(#"cold "--a--b|""#,
                        #"these are the strings "a" and "b": give the letters their values with a record after the marble, `{a: 1, b: 2}`."#),
            ],
            hint: "frames count from 0 and a value takes its frame: `--a` puts a at 2, and the next character is frame 3.",
                nudge: "Each `-` is one millisecond, and so is each letter: count the frames from 0.")),
        .read("""
            `#` ends the signal with an error instead of completing. Its message is `error`, unless \
            `error "MESSAGE"` after the marble (and after its values) says otherwise, as in \
            `error "offline"`. A signal ends at its first `|` or `#`: nothing can come after either.
            """),
        .fails(#"cold "-a-#" error "offline""#),
        .exercise(Exercise(
            task: #"Send "a" at 1 ms, then fail at 3 ms with the message "timeout"."#,
            emits: #""-a-#" error "timeout""#,
            solution: #"cold "-a-#" error "timeout""#,
            mistakes: [
                Mistake(#"cold "-a-#""#, #"the message is `error` unless you give one: `error "timeout"` after the marble."#),
                Mistake(#"cold "-a-|""#, "`|` completes quietly: `#` is the error."),
            ],
            hint: #"`#` is the error; `error "timeout"` after the marble is its message."#,
                nudge: "A failure is a mark of its own, and its message is given after the marble.")),
        .read("""
            Events in a group, like `(ab)`, happen at the same frame: the frame where `(` is. In \
            RxJS's notation, which frp keeps, the group still takes its full width in time, one frame \
            per character from `(` to `)`: `(ab)` is 4 frames. So in `-(ab)-c|` below, a and b both \
            come at 1 ms, the group takes frames 1 to 4, `-` is frame 5, and c comes at 6 ms. \
            `(a|)` sends a and completes at the same frame: `of 1, 2` is `(ab|)`.
            """),
        .run(#"cold "-(ab)-c|""#),
        .run(#"cold "--(a|)""#),
        .exercise(Exercise(
            task: "Send x and y together at 2 ms, then z at 7 ms, completing at the same frame as z.",
            emits: #""--(xy)-(z|)""#,
            solution: #"cold "--(xy)-(z|)""#,
            mistakes: [
                Mistake(#"cold "--(xy)----(z|)""#,
                        "z came at 10 ms: a group takes one frame per character, so `(xy)` takes frames 2 to 5, and one `-` after it brings z to 7."),
                Mistake(#"cold "--(xy)-z|""#, "the completion came a frame after z: `(z|)` completes at z's frame."),
            ],
            hint: "`(xy)` at frame 2 takes frames 2 to 5: one `-` (frame 6), then `(z|)` at 7.",
                nudge: "Values of one instant go in parentheses, and a group takes its width in frames.")),
        .read("""
            Long waits are not written as hundreds of `-`: a time progression like `500ms`, `1s` or \
            `2m`, at the start of the marble or between spaces, lets that much time pass. Elsewhere a \
            space is ignored: use it to line marbles up. A value still takes its frame, so in \
            `-a 500ms b` the `-` is frame 0, a comes at 1 and takes frame 1, the 500 ms start at 2, and \
            b comes at 502 ms. A request that answers after 500 ms with two values is drawn `500ms (ab|)`.
            """),
        .run(#"cold "-a 500ms b|""#),
        .run(#"cold "1s (a|)""#),
        .exercise(Exercise(
            task: "Send a at 1 ms, b at 302 ms, and complete at 303 ms: with a time progression, not 300 `-`.",
            emits: #""-a 300ms b|""#,
            solution: #"cold "-a 300ms b|""#,
            mistakes: [
                Mistake(#"cold "-a 301ms b|""#,
                        "b came at 303 ms: a takes frame 1, so the wait starts at 2, and `300ms` brings b to 302."),
                Mistake(#"cold "-a 302ms b|""#,
                        "a time progression is a wait from where time is, not a time on the clock: after `-a` it is 2 ms, so `300ms` brings b to 302."),
            ],
            hint: "after `-a` the time is 2 ms (a takes frame 1): a wait of 300ms puts b at 302.",
                nudge: "A time such as `300ms` inside a marble moves the clock on without writing 300 dashes.",
            ideas: [Idea(.timeProgression(true), "write the wait as a time progression, `300ms`, not as 300 `-`.",
                         waysAround: ["cold \"-a" + String(repeating: "-", count: 300) + "b|\""])])),
        .exercise(Exercise(
            task: "This marble has two time progressions. Write the same with `-` and letters only: where are a, b and the end?",
            emits: #""3ms a 2ms (b|)""#,
            solution: #"cold "---a--(b|)""#,
            mistakes: [
                Mistake(#"cold "---a-(b|)""#, "b came at 5 ms: a (at 3) takes frame 3, so the 2 ms after it are frames 4 and 5, and b comes at 6."),
                Mistake(#"cold "---a--b|""#, "the completion came a frame after b: `(b|)` completes at b's frame."),
            ],
            hint: "`3ms` puts a at 3; a takes frame 3; `2ms` is frames 4 and 5; `(b|)` at 6: `---a--(b|)`.",
                nudge: "Work out the frame of each mark first, then write that many `-` before it.",
            ideas: [Idea(.timeProgression(false), "write it with `-` and letters only: no time progression (`3ms`) in your marble.",
                         waysAround: [#"cold "3ms a 2ms (b|)""#, #"cold "---a 2ms (b|)""#])])),
        .read("""
            `hot "MARBLE"` is a source with one timeline that runs from the start of the run, whether \
            anyone listens or not, like a text field being typed into. `^` marks where the run \
            subscribes: that frame is time 0, and what the source sent before it is missed (its frames \
            are negative). `^` takes its frame like any character. In `-a-^-b-|` below, a was sent \
            before the subscription; b comes at 2 ms and the completion at 4. The next lessons draw \
            what a user types as hot marbles.
            """),
        .run(#"hot "-a-^-b-|""#),
        .exercise(Exercise(
            task: #"Write a hot source that sent "x" before the run subscribed, and after it sends "y" at 2 ms and completes at 3 ms."#,
            emits: #""--y|""#,
            solution: #"hot "x-^-y|""#,
            mistakes: [
                Mistake(#"hot "x-^y|""#, "y came at 1 ms: `^` is time 0 and takes that frame, so one `-` after it brings y to 2."),
                Mistake(#"hot "x-^--y|""#, "y came at 3 ms: `^` itself is frame 0, so a single `-` after it is frame 1, and y comes at 2."),
            ],
            hint: "`x` before `^`, then `^` (time 0), `-` (1), y at 2, `|` at 3.",
                nudge: "A hot marble has a mark for the moment of subscribing; what comes before it was missed.",
            ideas: [Idea(.valueBeforeSubscription, "the task is a hot source that sent x before the run subscribed: `hot`, with `x` before `^`.",
                         waysAround: [#"cold "--y|""#, #"hot "^-y|""#, #"hot "--^-y|""#])])),
    ])

    static let feed = Lesson(name: "feed", title: "The photo feed: filter, map, take, flatMap, catch", steps: [
        .read("""
            `popular` is a request to a 500px-style site: after 500 ms it sends the popular photos, \
            one photo per value, best rated first, then completes. A photo is a record: name, rating, \
            category, user.username, images (a list of {size, url}; images[0] is the thumbnail) and more. A bare \
            name in an expression is a field of the value: `filter rating > 90` means `it.rating > 90`.
            """),
        .run("popular | filter rating > 90 | map name | take 3"),
        .read("""
            take 3 completes with its third value and cancels the rest of the feed: the trace marks \
            the cancelled stages with `!`. All the values come at 500 ms, when the request answers.
            """),
        .exercise(Exercise(
            task: #"Send the names of the first 2 photos in the category "Fine Art"."#,
            emits: #""500ms (ab|)" {a: "Bright Horizon", b: "Electric Forest"}"#,
            solution: #"popular | filter category == "Fine Art" | map name | take 2"#,
            mistakes: [
                Mistake(#"popular | take 2 | filter category == "Fine Art" | map name"#,
                        "take 2 came first: it kept the first 2 photos of any category, and the filter then dropped those not in Fine Art."),
                Mistake(#"popular | filter category == "Fine Art" | take 2"#,
                        "these are whole photos: `map name` sends their names."),
            ],
            hint: "filter first, then take: `take 2` before the filter would take the first 2 photos of any category, and then keep only those in Fine Art.",
                nudge: "Which photos, then what of them, then how many: the order of the stages matters.")),
        .read("""
            Each photo's thumbnail is its own request: `download URL` answers with the image's bytes \
            after 100 ms. flatMap runs a pipeline for every value (with `it` bound to it) and forwards \
            the values of all the runs. `count` sends how many values came, when its source completes.
            """),
        .run("popular | take 2 | flatMap (download images[0].url | map length(it))"),
        .run("popular | count"),
        .exercise(Exercise(
            task: "For the first 3 photos, download the thumbnail (images[0].url) and count the downloads.",
            emits: #""600ms (n|)" {n: 3}"#,
            solution: "popular | take 3 | flatMap (download images[0].url) | count",
            mistakes: [
                Mistake("popular | take 3 | map images[0].url | count",
                        "that counts the URLs as soon as they come: download each with `flatMap (download images[0].url)`, then count."),
                Mistake("popular | take 3 | flatMap (download images[1].url) | count",
                        "a photo has one image here, images[0] (the thumbnail): images[1] is past the end of the list, and the download fails."),
            ],
            hint: "`flatMap (download images[0].url)` makes one request per photo; `count` waits for the end.",
                nudge: "Each photo needs a request of its own, and the count can come only when all have answered.")),
        .read("""
            `photo ID` asks for one photo's details after 200 ms; there is no photo 1, so `photo 1` \
            fails. An error ends a signal, unless `catch` continues with another pipeline. \
            `empty` completes at once, sending nothing.
            """),
        .run(#"photo 1 | catch (of "no such photo")"#),
        .run("empty"),
        .exercise(Exercise(
            task: "photo 1 fails. Make the failure end the signal quietly, at the same time.",
            emits: #""200ms |""#,
            solution: "photo 1 | catch empty",
            mistakes: [
                Mistake("photo 1 | retry 1", "retry asks again, and photo 1 fails again: `catch` is what replaces a failure."),
                Mistake("photo 1", "the error still ends it: `catch empty` turns the failure into a quiet end."),
            ],
            hint: "`catch P` continues with P when the source fails; `empty` completes at once.",
                nudge: "A failure can be replaced by another signal: which one ends without sending anything?",
            ideas: [Idea(.uses(["catch"]), "the task is to handle photo 1's failure: let it fail, and `catch` it.",
                         waysAround: ["photo 108523 | ignoreElements"])])),
    ])

    static let search = Lesson(name: "search", title: "Search as you type: filter, debounce, switchMap", steps: [
        .read("""
            The classic ReactiveCocoa example: the text of a search field after each keystroke. Search \
            only when the text is longer than 3 characters, only when typing pauses, and never let a \
            stale answer overwrite a newer one. The field is a hot marble: it types on its own, \
            whether anyone listens or not.
            """),
        .given(#"let typed = hot "-a 400ms b 100ms c 350ms d 500ms |" {a: "kit", b: "kitt", c: "kitte", d: "kitten"}"#),
        .run("typed | filter length(it) > 3"),
        .read("""
            `debounce D` sends a value only when D has passed without a newer one: a burst of keys \
            becomes its last text. ReactiveCocoa 2 called this `throttle:`; in RxJS and here, \
            `throttle` is something else (the first value, then a quiet window).
            """),
        .run("typed | debounce 200ms"),
        .exercise(Exercise(
            task: "Send the texts longer than 3 characters, each only after a pause of 300 ms in typing.",
            emits: #""803ms c 350ms d 200ms |" {c: "kitte", d: "kitten"}"#,
            solution: "typed | filter length(it) > 3 | debounce 300ms",
            mistakes: [
                Mistake("typed | debounce 300ms", "\"kit\" came through: filter out texts of 3 characters or fewer with `filter length(it) > 3`."),
                Mistake("typed | filter length(it) > 3 | throttle 300ms",
                        "throttle sends the first value and then waits; debounce waits for a pause and sends the last."),
            ],
            hint: "filter on `length(it) > 3`, then `debounce 300ms` (a pause), not throttle (a rate).",
                nudge: "Two conditions: one on the text itself, one on the time between keystrokes.")),
        .read("""
            `search TEXT` asks Flickr-style search: it answers after 400 ms with {photos: {total, ...}}. \
            "kitten" comes 351 ms after "kitte", while the search for "kitte" is still running. \
            switchMap cancels the stale search when the new text comes; flatMap would let both answer.
            """),
        .run(#"of "kitten" | switchMap (search it) | map photos.total"#),
        .run("typed | switchMap (timer 300ms | mapTo it)"),
        .exercise(Exercise(
            task: "Then search each text and send photos.total, cancelling a search that a newer text made stale.",
            emits: #""1554ms (n|)" {n: 134}"#,
            solution: "typed | filter length(it) > 3 | debounce 300ms | switchMap (search it | map photos.total)",
            mistakes: [
                Mistake("typed | filter length(it) > 3 | debounce 300ms | flatMap (search it | map photos.total)",
                        "flatMap let the stale search for \"kitte\" answer too: switchMap cancels it when \"kitten\" comes."),
                Mistake("typed | filter length(it) > 3 | debounce 300ms | concatMap (search it | map photos.total)",
                        "concatMap waits for each search in turn, stale ones included: switchMap cancels a stale one."),
            ],
            hint: "`switchMap (search it | map photos.total)`: a new text cancels the running search.",
                nudge: "A newer text should cancel the older search: which flattening operator cancels?",
            ideas: [Idea(.uses(["switchMap", "switchToLatest"]),
                         "the task asks to cancel a search that a newer text made stale, which is what switchMap does: dropping a text by hand is not that.",
                         waysAround: ["typed | filter length(it) > 3 | debounce 300ms | skip 1 | flatMap (search it | map photos.total)"])])),
    ])

    static let login = Lesson(name: "login", title: "The login form: combineLatest, distinctUntilChanged, action", steps: [
        .read("""
            A login form: each field is valid when it matches [a-zA-Z0-9_]{6,16}, and the button is \
            enabled when both are. The fields are hot marbles of what is typed.
            """),
        .given("""
            let username = hot "-a----b---|" {a: "Jiu", b: "Jiuchabaikaishui"}
            let password = hot "---a--b--c|" {a: "12", b: "1234", c: "123456"}
            let userValid = username | map it matches "[a-zA-Z0-9_]{6,16}"
            let passwordValid = password | map it matches "[a-zA-Z0-9_]{6,16}"
            """),
        .run("userValid | combineLatest passwordValid"),
        .read("""
            combineLatest waits until both have a value, then sends [user ok, password ok] whenever \
            either changes. zip would pair them by position instead: the first with the first. \
            `distinctUntilChanged` drops a value equal to the one before it.
            """),
        .run("of 1, 1, 2, 2, 1 | distinctUntilChanged"),
        .exercise(Exercise(
            task: "Send whether the button is enabled (both valid), and only when that changes.",
            emits: #""---f-----t|" {f: false, t: true}"#,
            solution: "userValid | combineLatest passwordValid | map it[0] and it[1] | distinctUntilChanged",
            mistakes: [
                Mistake("userValid | combineLatest passwordValid | map it[0] and it[1]",
                        "false came twice in a row: `distinctUntilChanged` sends a value only when it changes."),
                Mistake("userValid | zip passwordValid | map it[0] and it[1] | distinctUntilChanged",
                        "zip pairs the first with the first, the second with the second: combineLatest pairs each with the latest of the other."),
            ],
            hint: "`map it[0] and it[1]` makes one flag of the pair; distinctUntilChanged drops repeats.",
                nudge: "Make one flag of the two, then leave out the repeats.")),
        .read("""
            `login USER, PASSWORD` signs in: after 4 s it answers one {code, message} and completes. \
            While it runs, the form shows that it is busy: the executing state, true while the \
            request runs and false after. `mapTo V` replaces every value with V; `startWith V` \
            sends V first, as soon as it is subscribed to.
            """),
        .run(#"login "Jiu", "12" | map message"#),
        .run(#"of 1, 2 | mapTo "x" | startWith "start""#),
        .exercise(Exercise(
            task: #"Send true when `login "Jiuchabaikaishui", "123456"` starts and false when it answers."#,
            emits: #""t 3999ms (f|)" {t: true, f: false}"#,
            solution: #"login "Jiuchabaikaishui", "123456" | mapTo false | startWith true"#,
            mistakes: [
                Mistake(#"login "Jiuchabaikaishui", "123456" | mapTo false"#,
                        "nothing says it started: `startWith true` sends true at once."),
                Mistake(#"login "Jiuchabaikaishui", "123456" | mapTo true | startWith false"#,
                        "the other way round: it is busy (true) at the start and not (false) after the answer."),
            ],
            hint: "`mapTo false` turns the answer into false; `startWith true` sends true at the start.",
                nudge: "The answer can become `false`; something else must put `true` before it.")),
        .read("""
            The button runs an action (ReactiveCocoa's RACCommand): `INPUTS | action (PIPELINE)` runs \
            the pipeline for each press, and drops a press that comes while a run is going on. \
            `executing A` tells whether it is running, `errors A` what its runs failed with. In an \
            expression, `if C then A else B` is A when C is true, else B.
            """),
        .given("""
            let presses = hot "-p 100ms p|"
            let signIn = presses | action (login "Jiuchabaikaishui", "123456" | map message)
            let wait = presses | action (timer 50ms | mapTo "done")
            """),
        .run("signIn"),
        .run("executing wait"),
        .exercise(Exercise(
            task: #"The spinner's label: send "busy" while signIn runs and "idle" when it does not. (The second press comes while it runs: it is dropped.)"#,
            emits: #""i b 3999ms (i|)" {i: "idle", b: "busy"}"#,
            solution: #"executing signIn | map if it then "busy" else "idle""#,
            mistakes: [
                Mistake("executing signIn", #"that is whether it runs, true or false: make each into the label, `map if it then "busy" else "idle"`."#),
                Mistake(#"presses | mapTo "busy" | startWith "idle""#, "the presses say when it was asked, not when it runs: `executing signIn` knows."),
                Mistake(#"signIn | mapTo "idle" | startWith "busy""#, "signIn's values say when it answered, and it starts at the press, not at once: `executing signIn` knows both."),
            ],
            hint: #"`executing signIn` says whether it runs; `map if it then "busy" else "idle"` makes that the label."#,
                nudge: "An action knows when it is running; then each true or false becomes its label.")),
    ])

    static let friends = Lesson(name: "friends", title: "Friends: then, debounce, flatMap", steps: [
        .read("""
            `friends` loads the friend list: after 3 s it sends the whole list as one value. \
            `searchFriends TEXT` answers after 100 ms with the friends whose name or uin contains the \
            text, as one list. The search field below is typed into before and after the list loaded.
            """),
        .given(#"let field = hot "2000ms a 1100ms b 100ms c 800ms d 100ms |" {a: "Ann", b: "W", c: "Wa", d: ""}"#),
        .run("friends | map length(it)"),
        .run(#"of "W", "" | filter length(it) > 0 | flatMap (searchFriends it) | map length(it)"#),
        .run("field | debounce 500ms"),
        .exercise(Exercise(
            task: "Search the friends for each text of the field after a pause of 500 ms, ignoring an empty field; send how many match.",
            emits: #""2600ms a 1201ms b 301ms |" {a: 0, b: 11}"#,
            solution: "field | filter length(it) > 0 | debounce 500ms | flatMap (searchFriends it) | map length(it)",
            mistakes: [
                Mistake("field | debounce 500ms | flatMap (searchFriends it) | map length(it)",
                        "the empty text was searched too: `filter length(it) > 0` first."),
                Mistake("field | filter length(it) > 0 | flatMap (searchFriends it) | map length(it)",
                        "every keystroke was searched: `debounce 500ms` waits for a pause in typing."),
            ],
            hint: "`filter length(it) > 0 | debounce 500ms | flatMap (searchFriends it)`, then count with `map length(it)`.",
                nudge: "Leave out an empty field, wait for a pause, then ask for each text and count what comes back.")),
        .read("""
            Searching before the list has loaded makes no sense: `then P` ignores the values of its \
            source and, when it completes, goes on with P. The field is hot, so what was typed while \
            the list loaded is gone by then.
            """),
        .run(#"timer 1s | then (of "after the timer")"#),
        .given("let found = field | filter length(it) > 0 | debounce 500ms | flatMap (searchFriends it)"),
        .exercise(Exercise(
            task: "Load the friends first, then search with `found`; send how many match.",
            emits: #""3802ms b 301ms |" {b: 11}"#,
            solution: "friends | then found | map length(it)",
            mistakes: [
                Mistake("found | map length(it)", "that searched before the list had loaded: start with `friends | then found`."),
                Mistake("friends | concat found | map length(it)", "concat also sends the list itself: `then` ignores its source's values."),
            ],
            hint: "`friends | then found`: the list's value is ignored, the search starts when it completes.",
                nudge: "One pipeline must finish before the other starts.")),
    ])

    static let token = Lesson(name: "token", title: "Token refresh: catch, then", steps: [
        .read("""
            `profile` needs a fresh access token. The first request fails after 100 ms with \
            "token expired"; `token` fetches a new one in 1 s, and after that profile succeeds: a record \
            with your `username` and `photos`.
            """),
        .fails("profile"),
        .read("""
            `catch P` continues with P when its source fails (`error` is the message there). \
            `A | then B` waits for A to complete, ignoring its values, then goes on with B.
            """),
        .run(#"profile | catch (of "it failed")"#),
        .run("token | then (of 1) | map it + 1"),
        .exercise(Exercise(
            task: "Ask for the profile; when it fails, fetch a token and then ask again. Send the username.",
            emits: #""1200ms (u|)" {u: "Jiuchabaikaishui"}"#,
            solution: "profile | catch (token | then profile) | map username",
            mistakes: [
                Mistake("profile | retry 1 | map username", "retrying without a new token fails again: fetch one first, `catch (token | then profile)`."),
                Mistake("token | then profile | map username",
                        "that always fetches a token first (1 s), even when the profile would have answered: ask first, and catch."),
            ],
            hint: "`catch (token | then profile)`: on the error, a token, then the profile again.",
                nudge: "When the profile fails, what must happen before asking again?")),
        .exercise(Exercise(
            task: "Ask for the profile once, and turn its failure into a value: the error's message.",
            emits: #""100ms (e|)" {e: "profile: token expired"}"#,
            solution: "profile | catch (of error)",
            mistakes: [
                Mistake("profile | catch empty", "empty ends quietly: `of error` sends the error's message."),
                Mistake(#"profile | catch (of "failed")"#, "that is a text of your own: inside catch, `error` is the message that came."),
            ],
            hint: "inside catch, `error` is the message: `catch (of error)`.",
                nudge: "Inside catch, the failure's message has a name.")),
    ])

    static let hotAndCold = Lesson(name: "hotcold", title: "Hot and cold: share", steps: [
        .read("""
            A cold signal is a recipe: each subscriber runs it again, from the start (two subscribers \
            of a request make two requests). `merge` subscribes to both of its sides at once.
            """),
        .given(#"let slow = cold "-a---b----c---|""#),
        .run("slow | merge slow"),
        .read("""
            `timer 2ms | switchMap slow` subscribes to slow 2 ms late. A cold signal starts over for \
            a late subscriber.
            """),
        .run("timer 2ms | switchMap slow"),
        .exercise(Exercise(
            task: "Merge slow with a second subscription to slow that starts 2 ms later.",
            emits: #""-a-a-b-b--c-c---|""#,
            solution: "slow | merge (timer 2ms | switchMap slow)",
            mistakes: [
                Mistake("slow | merge slow", "both subscribe at once: the second must start 2 ms later, `merge (timer 2ms | switchMap slow)`."),
                Mistake("slow | concat slow", "concat subscribes to the second when the first completes, not 2 ms later."),
            ],
            hint: "`merge (timer 2ms | switchMap slow)` subscribes again when the timer fires.",
                nudge: "A second subscription 2 ms later: a timer, then a subscription to slow when it fires.")),
        .read("""
            `share` (RAC2: publish + autoconnect) makes subscribers share one run while it lasts.
            """),
        .given("let shared = slow | share"),
        .run("shared | merge shared"),
        .read("""
            The same events as `slow | merge slow`, but slow ran once: its row has one `a` where it \
            had `(aa)`, as the two subscribers shared its run. A late subscriber joins the run in \
            progress and misses what came before.
            """),
        .exercise(Exercise(
            task: "The same with shared: the late subscriber joins the running run.",
            emits: #""-a---(bb)-(cc)|""#,
            solution: "shared | merge (timer 2ms | switchMap shared)",
            mistakes: [
                Mistake("slow | merge (timer 2ms | switchMap slow)", "slow is cold: the late subscriber started it over. Use `shared` on both sides."),
                Mistake("shared | merge shared", "both subscribe at once: the second must come 2 ms later, through the timer."),
            ],
            hint: "use `shared` on both sides: `shared | merge (timer 2ms | switchMap shared)`.",
                nudge: "Everything as before, but subscribe to the shared signal both times.")),
    ])
}
