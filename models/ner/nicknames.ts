/**
 * Everyday short forms of given names in our five languages, as friends write them in chat ("Montse",
 * "Quique", "Juju", "Basti", "Beppe"), written by hand for the shipped first-name gazetteer
 * (`gazetteer-lists.ts`): faker and the US baby-name data hold the full names only. Entries that are
 * common words or stop words ("ale", "vale", "fra", "sue") are dropped there like the held-out names.
 * Not used in training.
 */
export const NICKNAMES: Readonly<Record<'en' | 'de' | 'fr' | 'es' | 'it', readonly string[]>> = {
  en: [
    ...['Mo', 'Kat', 'Manny', 'Sal', 'Bri', 'Becca', 'Bex', 'Jess', 'Liz', 'Lizzie', 'Mikey', 'Tash'],
    ...['Jules', 'Gaz', 'Baz', 'Chaz', 'Kev', 'Jen', 'Deb', 'Trish', 'Bev', 'Meg', 'Tess', 'Gabe'],
    ...['Nate', 'Zach', 'Benji', 'Alfie', 'Ollie', 'Georgie', 'Hattie', 'Millie', 'Tilly', 'Evie'],
    ...['Izzy', 'Lexi', 'Maddie', 'Abby', 'Vicky', 'Nicky', 'Sammy', 'Frankie', 'Danny', 'Tommy'],
  ],
  de: [
    ...['Basti', 'Steffi', 'Kathi', 'Susi', 'Sepp', 'Resi', 'Micha', 'Maxi', 'Andi', 'Chrissi'],
    ...['Hansi', 'Gabi', 'Moni', 'Conny', 'Uschi', 'Gitti', 'Rudi', 'Willi', 'Franzi', 'Nici'],
    ...['Tobi', 'Flori', 'Benni', 'Sanni', 'Vroni', 'Bine', 'Lenni', 'Domi', 'Jojo'],
    ...['Matze', 'Olli', 'Wolle', 'Schorsch', 'Hannes', 'Kalle', 'Mats', 'Jule', 'Lene', 'Leni'],
  ],
  fr: [
    ...['Juju', 'Nath', 'Clem', 'Lulu', 'Flo', 'Seb', 'Steph', 'Manu', 'Guigui', 'Ludo', 'Domi'],
    ...['Fred', 'Mimi', 'Dédé', 'Jojo', 'Nico', 'Gégé', 'Titi', 'Zaza', 'Vivi', 'Béa', 'Véro'],
    ...['Maxou', 'Loulou', 'Doudou', 'Cath', 'Chacha', 'Gab', 'Marie-Jo', 'Polo', 'Toto'],
    ...['Alex', 'Isa', 'Caro', 'Sandy', 'Babeth', 'Titou', 'Mathou', 'Lolo', 'Riri', 'Fifi'],
  ],
  es: [
    ...['Pepe', 'Paco', 'Paqui', 'Quique', 'Chema', 'Nacho', 'Charo', 'Conchi', 'Merche', 'Montse'],
    ...['Maite', 'Pili', 'Lola', 'Manolo', 'Manoli', 'Toñi', 'Toño', 'Chelo', 'Chus', 'Juanjo'],
    ...['Josemi', 'Javi', 'Dani', 'Rafa', 'Nando', 'Fran', 'Curro', 'Kike', 'Santi', 'Maribel'],
    ...['Encarni', 'Encarna', 'Inma', 'Pati', 'Nati', 'Guille', 'Chechu', 'Tere', 'Lupe', 'Luisma'],
    ...['Yoli', 'Maripaz', 'Mariluz', 'Maricarmen', 'Marisol', 'Maripili', 'Loli', 'Puri', 'Reme'],
  ],
  it: [
    ...['Beppe', 'Peppe', 'Pino', 'Pina', 'Gigi', 'Gino', 'Tino', 'Nino', 'Ciccio', 'Totò', 'Lello'],
    ...['Fede', 'Giuli', 'Cate', 'Betta', 'Titti', 'Lalla', 'Bice', 'Mimmo', 'Tonino', 'Pippo'],
    ...['Chicca', 'Robi', 'Simo', 'Vitto', 'Marti', 'Gabri', 'Anto', 'Nicco', 'Ricky', 'Fabri'],
    ...['Cri', 'Manu', 'Gianni', 'Ale', 'Vale', 'Fra', 'Teo', 'Tommi', 'Ste', 'Dani'],
  ],
};
