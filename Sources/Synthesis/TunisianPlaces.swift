/// Names used on Tunisian documents: towns (French and Arabic), people, restaurants, streets.
enum TunisianPlaces {
    /// (French name, Arabic name, telephone area code).
    static let towns: [(String, String, String)] = [
        ("Tunis", "تونس", "71"), ("Sousse", "سوسة", "73"), ("Sfax", "صفاقس", "74"), ("Nabeul", "نابل", "72"),
        ("Bizerte", "بنزرت", "72"), ("Monastir", "المنستير", "73"), ("Hammamet", "الحمامات", "72"),
        ("La Marsa", "المرسى", "71"), ("Mahdia", "المهدية", "73"), ("Kairouan", "القيروان", "77"), ("Djerba Houmt Souk", "جربة حومة السوق", "75"),
    ]
    static let people = ["Ahmed Ben Salah", "Mohamed Trabelsi", "Leila Gharbi", "Sami Jebali", "Nour Ben Amor", "Hichem Mansouri",
                         "Rym Bouazizi", "Karim Chaabane", "Olfa Hammami", "Walid Ayari"]
    static let restaurants = ["Le Jasmin", "Dar Zmen", "La Médina", "El Ali", "Le Golfe", "Chez Slah", "Les Palmiers", "Le Pêcheur",
                              "Sidi Bou", "La Kasbah"]
    static let streets = ["rue de Carthage", "avenue Habib Bourguiba", "rue Ibn Khaldoun", "avenue de la République",
                          "rue de Marseille", "boulevard du 7 Novembre", "rue Mongi Slim", "avenue Farhat Hached"]
}
