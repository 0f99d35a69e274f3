// The sample collection's word lists. Topic phrases were picked so that their words do not
// share an English (Porter2) stem with any other list's words, except where a theme noun is
// also a topic word on purpose ("soup" in "pumpkin soup"): such words turn up in unrelated
// posts of the theme, which gives the partial matches real collections have.

#include <array>

#include "vocabulary_internal.hpp"

namespace boilerdex::trec::sample {
namespace {

using W = std::string_view;

// ---- themes ---------------------------------------------------------------------------

constexpr std::array<W, 18> food_nouns = {"kitchen", "recipe", "oven", "flour", "butter", "garlic", "onion", "dinner",
                                          "soup", "pan", "salt", "pepper", "dough", "sauce", "plate", "lunch",
                                          "herbs", "stew"};
constexpr std::array<W, 6> food_adjectives = {"crispy", "savoury", "fresh", "spicy", "tender", "homemade"};
constexpr std::array<W, 8> food_phrases = {"sourdough starter", "cast iron skillet", "pumpkin soup",
                                           "sushi",             "chocolate truffles", "slow cooker chili",
                                           "lemon tart",        "kimchi"};

constexpr std::array<W, 16> sport_nouns = {"race",  "pace",   "miles", "coach",  "bike",  "helmet", "shoes",  "hill",
                                           "sprint", "stretch", "gym", "trail", "finish", "legs", "lap", "saddle"};
constexpr std::array<W, 6> sport_adjectives = {"sore", "steady", "uphill", "fit", "muddy", "tired"};
constexpr std::array<W, 8> sport_phrases = {"marathon training", "tour de france", "mountain bike", "knee injury",
                                            "cyclocross",        "triathlon",     "rowing machine", "ski season"};

constexpr std::array<W, 16> photo_nouns = {"camera", "shot",  "light",   "print",  "frame", "exposure", "shutter", "sky",
                                           "portrait", "focus", "colour", "album", "sensor", "flash", "scene", "roll"};
constexpr std::array<W, 6> photo_adjectives = {"blurry", "sharp", "grainy", "overexposed", "wide", "monochrome"};
constexpr std::array<W, 8> photo_phrases = {"film camera",  "macro lens", "darkroom", "flickr groups",
                                            "polaroid",     "night photography", "tripod", "pinhole"};

constexpr std::array<W, 16> garden_nouns = {"garden", "soil", "seeds", "roses", "weeds", "spade", "shed", "lawn",
                                            "pots", "frost", "leaves", "worms", "hose", "beans", "plot", "fence"};
constexpr std::array<W, 6> garden_adjectives = {"leafy", "damp", "overgrown", "sunny", "shady", "wild"};
constexpr std::array<W, 8> garden_phrases = {"tomato seedlings", "compost heap", "raised beds", "orchids",
                                             "hedge trimming",   "allotment",    "greenhouse",  "daffodil bulbs"};

constexpr std::array<W, 16> tech_nouns = {"code", "server", "browser", "laptop", "bug", "script", "database", "patch",
                                          "release", "screen", "keyboard", "download", "software", "network", "file",
                                          "version"};
constexpr std::array<W, 6> tech_adjectives = {"buggy", "fast", "open", "broken", "stable", "geeky"};
constexpr std::array<W, 8> tech_phrases = {"python decorators", "firefox extensions", "linux kernel", "ajax",
                                           "regular expressions", "unit testing", "wiki markup", "podcast feeds"};

constexpr std::array<W, 16> music_nouns = {"song",  "album", "band",  "gig",    "guitar", "drums", "lyrics", "tune",
                                           "chorus", "stage", "radio", "singer", "track", "melody", "piano", "bass"};
constexpr std::array<W, 6> music_adjectives = {"loud", "catchy", "acoustic", "live", "mellow", "noisy"};
constexpr std::array<W, 8> music_phrases = {"vinyl records",   "jazz improvisation", "indie rock", "ukulele",
                                            "concert tickets", "synthesizer",        "choir rehearsal", "ipod shuffle"};

constexpr std::array<W, 16> travel_nouns = {"trip",    "flight",   "airport", "hotel", "map",   "luggage", "beach", "city",
                                            "station", "museum", "harbour", "ferry", "border", "guidebook", "taxi",
                                            "village"};
constexpr std::array<W, 6> travel_adjectives = {"foreign", "sunburnt", "crowded", "scenic", "delayed", "remote"};
constexpr std::array<W, 8> travel_phrases = {"overnight train", "hostel",   "lisbon",  "travel insurance",
                                             "jet lag",         "road trip", "passport renewal", "iceland"};

constexpr std::array<W, 16> politics_nouns = {"government", "vote", "minister", "policy", "party", "debate", "law",
                                              "council", "voters", "parliament", "speech", "poll", "reform", "protest",
                                              "senator", "newspaper"};
constexpr std::array<W, 6> politics_adjectives = {"political", "national", "controversial", "public", "liberal",
                                                  "conservative"};
constexpr std::array<W, 8> politics_phrases = {"election campaign", "tax cuts",   "climate change", "bus routes",
                                               "minimum wage",      "immigration", "budget deficit", "supreme court"};

constexpr std::array<W, 16> books_nouns = {"book",   "novel",  "chapter", "author", "film",  "story", "cinema", "reader",
                                           "ending", "review", "library", "shelf",  "series", "plot", "villain", "sequel"};
constexpr std::array<W, 6> books_adjectives = {"gripping", "dull", "clever", "dark", "funny", "overrated"};
constexpr std::array<W, 8> books_phrases = {"graphic novels", "book club",   "science fiction", "poetry",
                                            "documentary",    "oscar nominations", "harry potter", "penguins"};

constexpr std::array<W, 16> home_nouns = {"kids",   "school",  "baby",   "toys", "bedtime", "nursery", "house", "chores",
                                          "laundry", "sofa",   "paint",  "wall", "holiday", "uniform", "teacher", "garage"};
constexpr std::array<W, 6> home_adjectives = {"sleepy", "messy", "cosy", "noisy", "patient", "grumpy"};
constexpr std::array<W, 8> home_phrases = {"toddler tantrums", "homeschooling", "packed lunches", "birthday cake",
                                           "knitting",         "quilting",      "bookshelves",    "potty"};

constexpr std::array<W, 16> money_nouns = {"money", "bank", "salary", "budget", "bills", "savings", "shares", "boss",
                                           "client", "contract", "rent", "loan", "tax", "invoice", "meeting", "career"};
constexpr std::array<W, 6> money_adjectives = {"expensive", "frugal", "monthly", "annual", "unpaid", "financial"};
constexpr std::array<W, 8> money_phrases = {"mortgage rates", "freelancing", "index funds", "job interview",
                                            "venture capital", "standing desk", "credit card debt", "pension"};

constexpr std::array<W, 16> science_nouns = {"sky",    "stars",  "moon",  "planet", "orbit",  "nest", "species", "rocks",
                                             "ocean", "wildlife", "experiment", "data", "theory", "lab", "insects", "coast"};
constexpr std::array<W, 6> science_adjectives = {"rare", "distant", "curious", "ancient", "bright", "natural"};
constexpr std::array<W, 8> science_phrases = {"bird watching", "meteor shower", "telescope", "fossil hunting",
                                              "solar eclipse", "beekeeping",    "tide pools", "dinosaurs"};

constexpr std::array<Theme, 12> all_themes = {{
    {"Food and Cooking", food_nouns, food_adjectives, food_phrases},
    {"Running and Cycling", sport_nouns, sport_adjectives, sport_phrases},
    {"Photography", photo_nouns, photo_adjectives, photo_phrases},
    {"Gardening", garden_nouns, garden_adjectives, garden_phrases},
    {"Geek Stuff", tech_nouns, tech_adjectives, tech_phrases},
    {"Music", music_nouns, music_adjectives, music_phrases},
    {"Travel", travel_nouns, travel_adjectives, travel_phrases},
    {"Politics", politics_nouns, politics_adjectives, politics_phrases},
    {"Books and Films", books_nouns, books_adjectives, books_phrases},
    {"Family Life", home_nouns, home_adjectives, home_phrases},
    {"Money and Work", money_nouns, money_adjectives, money_phrases},
    {"Science and Nature", science_nouns, science_adjectives, science_phrases},
}};

// ---- general English --------------------------------------------------------------------

constexpr std::array<W, 9> determiners = {"the", "a", "this", "that", "my", "our", "every", "another", "one"};
constexpr std::array<W, 8> subjects = {"I", "we", "she", "he", "they", "you", "everyone", "nobody"};
constexpr std::array<W, 30> verbs = {"found",   "tried",   "made",      "liked",    "noticed",  "changed",
                                     "wanted",  "built",   "kept",      "finished", "started",  "missed",
                                     "fixed",   "shared",  "bought",    "read",     "watched",  "planned",
                                     "cleaned", "moved",   "visited",   "needed",   "learned",  "forgot",
                                     "enjoyed", "described", "expected", "compared", "checked", "borrowed"};
constexpr std::array<W, 25> adjectives = {"small", "quiet",  "old",    "new",   "long",   "short",   "simple",
                                          "odd",   "early",  "late",   "busy",  "cheap",  "local",   "strange",
                                          "careful", "lovely", "slow", "quick", "second", "little",  "big",
                                          "real",  "whole",  "usual",  "good"};
constexpr std::array<W, 44> nouns = {"day",     "week",    "morning", "evening", "friend",   "plan",    "idea",
                                     "list",    "story",   "door",    "window",  "road",     "table",   "letter",
                                     "problem", "answer",  "question", "photo",  "bag",      "box",     "minute",
                                     "hour",    "weekend", "neighbour", "family", "street",  "town",    "office",
                                     "market",  "note",    "point",   "moment",  "reason",   "chance",  "habit",
                                     "mess",    "corner",  "path",    "shop",    "car",      "phone",   "computer",
                                     "email",   "afternoon"};
constexpr std::array<W, 14> prepositions = {"in",     "on",     "at",     "after",  "before",  "with",   "without",
                                            "about",  "under",  "near",   "around", "during",  "behind", "through"};
constexpr std::array<W, 16> adverbs = {"again", "finally", "really", "probably", "quickly", "slowly", "already", "almost",
                                       "never", "always",  "just",   "still",    "together", "today", "yesterday", "later"};
constexpr std::array<W, 7> conjunctions = {"when", "because", "although", "while", "since", "once", "if"};

constexpr std::array<W, 24> first_names = {"Anna",  "Ben",   "Clara", "Dave",   "Emma",  "Frank", "Grace", "Hugo",
                                           "Ines",  "Jack",  "Kate",  "Liam",   "Maria", "Nick",  "Olga",  "Paul",
                                           "Rosa",  "Sam",   "Tara",  "Umar",   "Vera",  "Will",  "Yusuf", "Zoe"};
constexpr std::array<W, 16> last_names = {"Abbott", "Brennan", "Castillo", "Doyle",  "Eriksen", "Fischer",
                                          "Gallagher", "Hughes", "Iqbal",  "Jensen", "Kowalski", "Lindqvist",
                                          "Moreau",  "Novak",   "O'Neill", "Petrov"};
constexpr std::array<W, 16> site_words_a = {"Quiet", "Little", "Crooked", "Purple", "Rusty",  "Wandering",
                                            "Second", "Hidden", "Lazy",   "Curious", "Borrowed", "Northern",
                                            "Paper",  "Velvet", "Restless", "Humble"};
constexpr std::array<W, 16> site_words_b = {"Kettle", "Notebook", "Lantern", "Porch",   "Attic",  "Compass",
                                            "Teacup", "Window",   "Ladder",  "Harbour", "Orchard", "Bicycle",
                                            "Umbrella", "Staircase", "Mailbox", "Hedgehog"};
constexpr std::array<W, 8> taglines = {"Notes from an ordinary life", "Thoughts, links and the odd rant",
                                       "Mostly harmless since 2003",  "Writing things down so I remember them",
                                       "A weblog about whatever comes up", "Small stories, told slowly",
                                       "Opinions mine, typos too",    "Updated whenever I find the time"};
constexpr std::array<W, 14> short_comments = {"Great post!",          "Thanks for sharing this.",
                                              "Ha, I know the feeling.", "Lovely photos as always.",
                                              "Interesting, thanks.", "Couldn’t agree more.",
                                              "Well said.",           "This made my day.",
                                              "More of this please!", "Bookmarked.",
                                              "Same here…",           "Nice one!",
                                              "First!",               "I had no idea. Thanks!"};
constexpr std::array<W, 12> generic_titles = {"{A} {X}",        "A {A} {N}",         "{X} and {N}",
                                              "Back to the {X}", "Weekend {N}",     "Friday notes",
                                              "Catching up",    "The {A} {N} problem", "Thoughts on the {X}",
                                              "{N} of the week", "Another {A} {X}", "Random bits"};
constexpr std::array<W, 10> phrase_titles = {"Notes on {p}",          "{P}, again",          "A week of {p}",
                                             "What I learned about {p}", "{P}: first impressions", "More on {p}",
                                             "Why I care about {p}",  "{P} update",          "Still thinking about {p}",
                                             "In praise of {p}"};
constexpr std::array<W, 12> phrase_sentences = {
    "I have been thinking about {p} for most of the week.",
    "{P} turned out to be harder than I expected, but the results were worth it.",
    "A friend asked me what I actually like about {p}, and I could not give a short answer.",
    "So here are my notes on {p}, mostly for my own benefit.",
    "The second time around, {p} went much more smoothly.",
    "Everyone seems to have an opinion on {p} these days.",
    "I keep coming back to {p} whenever the weather turns.",
    "My first attempt at {p} was, to put it kindly, a learning experience.",
    "If you have never tried {p}, start small and do not rush it.",
    "There is a lot of bad advice about {p} out there.",
    "In the end {p} was the best part of the whole weekend.",
    "Somebody at work mentioned {p} and now I cannot stop reading about it."};
constexpr std::array<W, 6> short_phrase_lines = {"Update: {p} sorted, more soon.", "PS: {p} next week.",
                                                 "Edit: photos of {p} added.",    "(Yes, {p} again.)",
                                                 "Tomorrow: {p}.",                "Related: my {p} list."};
constexpr std::array<W, 6> comment_mentions = {
    "Off topic, but have you ever tried {p}? I would love to read your take on it.",
    "This reminds me of my own disaster with {p} last year.",
    "Any chance of a post about {p} some time?",
    "Great post. By the way, my brother swears by {p}.",
    "I came here searching for {p} and stayed for the stories.",
    "We did {p} together ages ago, remember?"};
constexpr std::array<W, 10> flourishes = {
    "We ended up at the café on the corner — as usual.",
    "It was a naïve plan, I admit.",
    "The whole thing cost about £12, which felt like a bargain.",
    "My résumé will not mention this.",
    "“Next time,” I said, “we leave earlier.”",
    "It’s funny how these things go…",
    "Tickets were €20 each, plus the usual fees.",
    "Brünnhilde, the neighbour’s cat, supervised.",
    "Piñata included, naturally.",
    "Déjà vu, all over again."};

constexpr Lexicon the_lexicon = {determiners,  subjects,      verbs,        adjectives,      nouns,
                                 prepositions, adverbs,       conjunctions, first_names,     last_names,
                                 site_words_a, site_words_b,  taglines,     short_comments,  generic_titles,
                                 phrase_titles, phrase_sentences, short_phrase_lines, comment_mentions, flourishes};

}  // namespace

std::span<const Theme> themes() noexcept { return all_themes; }

const Lexicon& lexicon() noexcept { return the_lexicon; }

}  // namespace boilerdex::trec::sample
