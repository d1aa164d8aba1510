/// Lessons by family of operators, after the scenario lessons: the time operators side by
/// side, the operators that join several signals, and those that cut one into several.
extension Lesson {
    static let time = Lesson(name: "time", title: "Time side by side: debounce, throttle, auditTime, sampleTime, bufferTime", steps: [
        .read("""
            A search field sends a text at every key: far more often than a search should run. Five \
            operators cut such a signal down by time, each by its own rule. Below, `typed` is someone \
            typing "kit" fast, pausing, typing two more keys, pausing, and one last key. Each run \
            after it uses 6 ms, so that you can put the runs side by side.
            """),
        .given(#"let typed = hot "-abc-------d-e-------f|" {a: "k", b: "ki", c: "kit", d: "kitt", e: "kitte", f: "kitten"}"#),
        .run("typed"),
        .read("""
            `debounce D` waits for a pause of D and sends the last text of the burst: every key starts \
            the wait again. A text still waiting when the field completes is sent then. `throttle D` \
            sends the first text at once, then ignores the field for D: it limits a rate, it does not \
            wait for a pause.
            """),
        .run("typed | debounce 6ms"),
        .run("typed | throttle 6ms"),
        .read("""
            `auditTime D`: a text opens a wait of D, and when it ends the latest text is sent, the last \
            of that window where throttle sends the first (the end waits for an open window). \
            `sampleTime D` ticks every D on its own clock, from the start, and sends the latest text \
            if it is new since the last tick; a text after the last tick is never sent, as the end \
            comes first. `bufferTime D` ticks the same way and sends everything that came in that time \
            as one list, `[]` when nothing came.
            """),
        .run("typed | auditTime 6ms"),
        .run("typed | sampleTime 6ms"),
        .run("typed | bufferTime 6ms"),
        .exercise(Exercise(
            task: "Send the text each time the user stops typing for 3 ms: the last text before each pause.",
            emits: #""------c---------e-----(f|)" {c: "kit", e: "kitte", f: "kitten"}"#,
            solution: "typed | debounce 3ms",
            mistakes: [
                Mistake("typed | throttle 3ms",
                        "throttle sent the first text of each burst at once, then ignored the rest: debounce waits for a pause and sends the last."),
                Mistake("typed | auditTime 3ms",
                        "auditTime waited 3 ms from the first key of each burst, pause or not: debounce starts its wait again at every key."),
            ],
            hint: "`debounce 3ms`: every key restarts the wait, so a text goes out only after 3 ms without a key.",
                nudge: "Which operator waits for a pause, and sends the last text before it?")),
        .exercise(Exercise(
            task: "Send at most one text per 4 ms: the first one at once, then nothing for 4 ms.",
            emits: #""-a---------d---------f|" {a: "k", d: "kitt", f: "kitten"}"#,
            solution: "typed | throttle 4ms",
            mistakes: [
                Mistake("typed | auditTime 4ms",
                        "auditTime sent the latest text when each 4 ms ended: throttle sends the first, at once."),
                Mistake("typed | debounce 4ms",
                        "debounce waited for a pause and sent the last text of each burst: throttle sends the first at once and then ignores the field for 4 ms."),
            ],
            hint: "`throttle 4ms`: the first text goes out at once and opens 4 ms in which the others are dropped.",
                nudge: "The first text of a burst, at once: which operator lets the first through and then rests?")),
        .exercise(Exercise(
            task: "Every 5 ms from the start, send the latest text if it changed since the last time.",
            emits: #""-----c---------e------|" {c: "kit", e: "kitte"}"#,
            solution: "typed | sampleTime 5ms",
            mistakes: [
                Mistake("typed | auditTime 5ms",
                        "auditTime's 5 ms start at the first key of a burst, so its texts came at 6 and 16 ms: sampleTime ticks every 5 ms from the start, on its own clock."),
                Mistake("typed | bufferTime 5ms",
                        "bufferTime sent every text of each 5 ms as a list, and `[]` when none came: sampleTime sends only the latest, and nothing when it did not change."),
            ],
            hint: "`sampleTime 5ms`: a clock ticks at 5, 10, 15 and 20 ms, and each tick sends the latest text if it is new.",
                nudge: "A clock of its own decides when, the field decides what: which operator samples?")),
    ])

    static let many = Lesson(name: "many", title: "Many sources at once: merge, concat, combineLatest, zip, forkJoin, race", steps: [
        .read("""
            A screen often waits for several things at once: a photo's details and its pictures. The \
            operators of this lesson take the signal on their left and another on their right, and \
            make one signal of the two; each has its own rule of when. Below, `thumb` downloads the \
            thumbnail of photo 108523 (100 ms) and `full` its full-size picture (300 ms); \
            `photo 108523` asks for its details, with its name and comments_count (200 ms). \
            `map length(it)` makes the bytes of a picture their number.
            """),
        .given("""
            let thumb = download "http://photos.invalid/images/108523/3.png"
            let full = download "http://photos.invalid/images/108523/4.png"
            """),
        .run("thumb | merge full | map length(it)"),
        .read("""
            `merge` subscribes to both at once and forwards each value as it comes: the two downloads \
            share the line. `concat` subscribes to the next signal only when the one before it has \
            completed: one after the other, in the order they are written.
            """),
        .run(#"cold "-a-b|" | concat (cold "-x|")"#),
        .exercise(Exercise(
            task: "Download the thumbnail first, and the full picture only once the thumbnail is in; send each picture's size.",
            emits: #""100ms a 299ms (b|)" {a: 852, b: 12420}"#,
            solution: "thumb | concat full | map length(it)",
            mistakes: [
                Mistake("thumb | merge full | map length(it)",
                        "merge started both downloads at once, so the full picture came at 300 ms: concat starts it when the thumbnail has completed."),
                Mistake("full | concat thumb | map length(it)",
                        "the full picture came first: concat keeps the order they are written in, so the thumbnail goes on the left."),
            ],
            hint: "`thumb | concat full`: full is subscribed to when thumb completes, then `map length(it)`.",
                nudge: "One download must finish before the other starts: which operator waits for the end?")),
        .read("""
            Three operators send both sides together, as a list `[left, right]`. `combineLatest` sends \
            the latest of each whenever either sends, once both have; `zip` pairs the first with the \
            first, the second with the second; `forkJoin` waits until both have completed and sends \
            one list of their last values: Promise.all, to load things together and use them together.
            """),
        .run(#"cold "-a-b---c|" | combineLatest (cold "--x---y|")"#),
        .run(#"cold "-a-b---c|" | zip (cold "--x---y|")"#),
        .run(#"cold "-a-b---c|" | forkJoin (cold "--x---y|")"#),
        .run("photo 108523 | map name | forkJoin (thumb | map length(it))"),
        .exercise(Exercise(
            task: "Ask for photo 108523's details and download its full picture at the same time; when both are in, send [comments_count, the picture's size] as one value.",
            emits: #""300ms (p|)" {p: [56, 12420]}"#,
            solution: "photo 108523 | map comments_count | forkJoin (full | map length(it))",
            mistakes: [
                Mistake("photo 108523 | map comments_count | merge (full | map length(it))",
                        "merge sent each answer on its own, as it came: forkJoin waits for both and sends them as one list."),
                Mistake("photo 108523 | map comments_count | concat (full | map length(it))",
                        "concat waited for the details before it started the download, and sent each on its own: forkJoin starts both at once and sends one list."),
            ],
            hint: "`map comments_count | forkJoin (full | map length(it))`: both start at once, one list when both are done.",
                nudge: "Both requests at once, and one value when the slower has answered.")),
        .read("""
            `race` subscribes to both and mirrors whichever sends first (a value, an error or the \
            end), cancelling the other: ask two mirrors, keep the first answer. The feed's first photo \
            is photo 108523 too, so the feed and the details both know its name.
            """),
        .run("thumb | race full | map length(it)"),
        .run("popular | take 1 | map name"),
        .exercise(Exercise(
            task: "Ask both the details (photo 108523) and the feed's first photo (popular | take 1) for the name; send it from the first to answer only, and cancel the other.",
            emits: #""200ms (n|)" {n: "Crimson River"}"#,
            solution: "photo 108523 | race (popular | take 1) | map name",
            mistakes: [
                Mistake("photo 108523 | merge (popular | take 1) | map name",
                        "merge let both answer, so the name came twice: race keeps the first to answer and cancels the other."),
                Mistake("photo 108523 | forkJoin (popular | take 1) | map name",
                        "forkJoin waited for the feed too (500 ms) to send both answers as one list: race keeps the first answer, at 200 ms, and cancels the other."),
            ],
            hint: "`photo 108523 | race (popular | take 1)`: the details answer first (200 ms), and the feed is cancelled.",
                nudge: "Two requests for one answer: which operator keeps the first and drops the other?")),
    ])

    static let groups = Lesson(name: "groups", title: "Cutting a signal: groupBy, window, partition", steps: [
        .read("""
            One signal can carry several kinds of thing: the feed has photos of many categories. \
            `groupBy KEY` cuts it by a key: at each new key it sends a group, a signal of the values \
            with that key. A group is a signal as a value: a flattening operator reads it, with `it` \
            the group, so `flatMap (it | toArray)` sends each group's values as one list when the \
            group ends, which is when the source does.
            """),
        .run(#"cold "-a-b-c-d-e|" {a: 1, b: 2, c: 3, d: 4, e: 5} | groupBy it % 2 | flatMap (it | toArray)"#),
        .read("""
            The feed's first 10 photos have eight categories among them: Macro and Fine Art come \
            twice. `count` sends how many values came, when its source completes: the whole feed has \
            100 photos.
            """),
        .run("popular | take 10 | map category"),
        .run("popular | count"),
        .exercise(Exercise(
            task: "For the first 10 photos of the feed, send how many there are in each category, in the order the categories first come.",
            emits: #""500ms (abbbabbb|)" {a: 2, b: 1}"#,
            solution: "popular | take 10 | groupBy category | flatMap (it | count)",
            mistakes: [
                Mistake("popular | take 10 | groupBy category | count",
                        "that counted the groups, 8: count inside the flatMap, `flatMap (it | count)`, counts the photos of each group."),
                Mistake("popular | groupBy category | take 10 | flatMap (it | count)",
                        "take 10 after groupBy kept the first 10 groups, each counted over the whole feed: take the 10 photos before grouping them."),
            ],
            hint: "`take 10` first, then `groupBy category | flatMap (it | count)`: each group counted when it ends.",
                nudge: "Cut the first 10 photos by category, then count inside each group.")),
        .read("""
            A window cuts by count or by time instead of by key: the windows are signals too, one after \
            the other. `windowCount N` starts a new window every N values; `window (P)` ends a window \
            and opens the next whenever P sends. `interval D` sends 0, 1, 2... every D.
            """),
        .run(#"cold "-a-b-c-d-e|" | windowCount 2 | flatMap (it | toArray)"#),
        .run(#"cold "-a-b-c-d-e|" | window (interval 4ms) | flatMap (it | toArray)"#),
        .read("""
            `taps` below is someone tapping a like button, fast at times.
            """),
        .given(#"let taps = hot "-t-t--t----tt-t-t--|""#),
        .exercise(Exercise(
            task: "Cut taps into windows of 5 ms each, from the start, and send how many taps each window had when it ends.",
            emits: #""-----a----b----c---(b|)" {a: 2, b: 1, c: 3}"#,
            solution: "taps | window (interval 5ms) | flatMap (it | count)",
            mistakes: [
                Mistake("taps | windowCount 5 | flatMap (it | count)",
                        "windowCount 5 cuts after every 5 taps, whenever they come: `window (interval 5ms)` cuts every 5 ms."),
                Mistake("taps | window (timer 5ms) | flatMap (it | count)",
                        "timer sends once, so the windows were cut once, at 5 ms: interval sends every 5 ms."),
            ],
            hint: "`window (interval 5ms)` opens a new window every 5 ms; `flatMap (it | count)` counts each.",
                nudge: "Cut by time, with a signal that sends every 5 ms, then count inside each window.")),
        .read("""
            `partition C` cuts a signal in two: the values that meet C, and the others. Its two \
            signals need names, so it is written only as `let YES, NO = PIPELINE | partition C`. Each \
            is the pipeline filtered and run anew where it is used: two uses, two requests. Below, \
            `good` is the feed's photos rated above 90 and `rest` the others (each a photo, with its \
            name and rating); `merge` forwards the values of both as they come.
            """),
        .given("let good, rest = popular | partition rating > 90"),
        .run("good | count | merge (rest | count)"),
        .exercise(Exercise(
            task: "Send the name of the best photo of each side, the one rated above 90 first: both as soon as the feed answers.",
            emits: #""500ms (ab|)" {a: "Crimson River", b: "Ancient Bridge"}"#,
            solution: "good | take 1 | merge (rest | take 1) | map name",
            mistakes: [
                Mistake("good | take 1 | concat (rest | take 1) | map name",
                        "concat asked for rest only when good's photo was in, and rest runs the feed anew: a second request, 500 ms later. merge runs both at once."),
                Mistake("good | merge rest | take 2 | map name",
                        "take 2 after merge kept the first two photos to come, both from good: take 1 of each side, then merge them."),
            ],
            hint: "`good | take 1 | merge (rest | take 1) | map name`: one photo of each side, both requests at once.",
                nudge: "The feed is sorted best first: take one photo of each side, then put the two into one signal.")),
    ])
}
