/**
 * Hard negatives built from common words rather than fixed sentences: a capitalised noun or verb
 * where a name usually stands (sentence start, table cells, JSON values, "Projekt {noun}", lists),
 * product codes, code identifiers. Fixed hard-negative sentences are few and repeat, so the model
 * learns those sentences; with thousands of words in these slots it has to learn the shape instead.
 * Slots (filled by generate.ts): {noun} a capitalised common noun, {verb} a capitalised verb in the
 * form a prompt starts with, {word} a lower-case common word, {sku} a product code.
 *
 * Also positive templates for names written the way forms and tables write them: "Surname, First"
 * as one span ({inverted}), a name alone in a table cell or an SQL string.
 *
 * The hand-written lists below were written for this file (common words of each language), after
 * looking at development-set errors (models/eval/pii-chat-dev), never at the evaluation sets.
 */
import type { Language } from './lexicon.js';

/** Imperatives, greetings and discourse words a prompt or a sentence starts with, per language. */
export const SENTENCE_STARTERS: Record<Language, string[]> = {
  en: [
    ...['Add', 'Check', 'Compare', 'Convert', 'Draft', 'Explain', 'Fix', 'Format', 'List', 'Make'],
    ...['Rewrite', 'Summarise', 'Summarize', 'Translate', 'Update', 'Write', 'Sort', 'Count', 'Group'],
    ...['Mark', 'Grant', 'Bill', 'Frank', 'Will', 'Sue', 'Drew', 'Chase', 'Cliff', 'Rob', 'Pat'],
    ...['Also', 'Anyway', 'Besides', 'Otherwise', 'Meanwhile', 'Thanks', 'Cheers', 'Hello', 'Hey'],
  ],
  de: [
    ...['Bitte', 'Danke', 'Hallo', 'Moin', 'Servus', 'Grüß', 'Also', 'Außerdem', 'Sonst', 'Übrigens'],
    ...['Ansonsten', 'Trotzdem', 'Leider', 'Kurz', 'Kannst', 'Könntest', 'Schreib', 'Schreibe'],
    ...['Fasse', 'Übersetze', 'Erkläre', 'Prüfe', 'Erstelle', 'Formuliere', 'Berechne', 'Sortiere'],
    ...['Ergänze', 'Korrigiere', 'Gruppiere', 'Vergleiche', 'Zähle', 'Markiere', 'Entwirf'],
  ],
  fr: [
    ...['Bonjour', 'Salut', 'Merci', 'Sinon', 'Donc', 'Ensuite', 'Enfin', 'Alors', 'Bref', 'Pourtant'],
    ...['Cependant', 'Désormais', 'Dorénavant', 'Voici', 'Voilà', 'Rédige', 'Résume', 'Traduis'],
    ...['Corrige', 'Explique', 'Vérifie', 'Calcule', 'Classe', 'Compare', 'Reformule', 'Écris'],
    ...['Propose', 'Ajoute', 'Trie', 'Groupe', 'Liste', 'Rappelle', 'Pense', 'Attention', 'Rappel'],
  ],
  es: [
    ...['Hola', 'Gracias', 'Buenas', 'Entonces', 'Además', 'Luego', 'Bueno', 'Vale', 'Oye', 'Pues'],
    ...['Sin embargo', 'Mientras', 'Ojo', 'Recuerda', 'Redacta', 'Resume', 'Traduce', 'Corrige'],
    ...['Explica', 'Revisa', 'Calcula', 'Ordena', 'Agrupa', 'Compara', 'Escribe', 'Propón', 'Añade'],
    ...['Pásate', 'Pasa', 'Mira', 'Dime', 'Hazme', 'Ayúdame', 'Necesito', 'Quería', 'Cuánto'],
  ],
  it: [
    ...['Ciao', 'Salve', 'Buongiorno', 'Grazie', 'Allora', 'Quindi', 'Inoltre', 'Comunque', 'Dunque'],
    ...['Altrimenti', 'Intanto', 'Insomma', 'Ecco', 'Scrivi', 'Riassumi', 'Traduci', 'Correggi'],
    ...['Spiega', 'Controlla', 'Verifica', 'Calcola', 'Ordina', 'Raggruppa', 'Confronta', 'Aggiungi'],
    ...['Proponi', 'Elenca', 'Ricorda', 'Dimmi', 'Fammi', 'Aiutami', 'Passa', 'Guarda', 'Attenzione'],
  ],
};

/** Everyday nouns of office, shop, kitchen and software prompts, per language (capitalised). */
export const EVERYDAY_NOUNS: Record<Language, string[]> = {
  en: [
    ...['Invoice', 'Receipt', 'Printer', 'Toner', 'Stapler', 'Ticket', 'Budget', 'Forecast'],
    ...['Dashboard', 'Checkout', 'Pipeline', 'Backlog', 'Rollout', 'Hotfix', 'Firmware', 'Router'],
    ...['Hunter', 'Dawn', 'Rose', 'Ivy', 'Amber', 'Ruby', 'Pearl', 'Sterling', 'Forest', 'Summer'],
  ],
  de: [
    ...['Drucker', 'Toner', 'Druckerpapier', 'Heftklammern', 'Klingel', 'Hahn', 'Schlüssel', 'Monat'],
    ...['Quartal', 'Quartalsabschluss', 'Rechnung', 'Lieferschein', 'Angebot', 'Auftrag', 'Lager'],
    ...['Besprechung', 'Teamrunde', 'Urlaubsplanung', 'Umstellung', 'Beamer', 'Bildschirm', 'Kabel'],
    ...['Fuchs', 'Dachs', 'Vogel', 'Wolf', 'Adler', 'Bär', 'Löwe', 'Falke', 'Sonne', 'Mond'],
  ],
  fr: [
    ...['Facture', 'Devis', 'Commande', 'Livraison', 'Imprimante', 'Plateforme', 'Société', 'Fonction'],
    ...['Recette', 'Tarte', 'Gâteau', 'Luminaires', 'Lampe', 'Canapé', 'Tapis', 'Coussin', 'Vase'],
    ...['Réunion', 'Ordre', 'Budget', 'Prévisions', 'Équipe', 'Sprint', 'Tableau', 'Rapport'],
    ...['Lion', 'Vierge', 'Balance', 'Bélier', 'Taureau', 'Gémeaux', 'Cancer', 'Scorpion'],
  ],
  es: [
    ...['Factura', 'Pedido', 'Presupuesto', 'Albarán', 'Impresora', 'Oficina', 'Reunión', 'Ruegos'],
    ...['Preguntas', 'Taza', 'Vaso', 'Plato', 'Mesa', 'Silla', 'Lámpara', 'Cojín', 'Colección'],
    ...['Receta', 'Tarta', 'Tortilla', 'Paella', 'Fábrica', 'Almacén', 'Tienda', 'Caja', 'Operación'],
    ...['Leo', 'Virgo', 'Libra', 'Aries', 'Tauro', 'Géminis', 'Cáncer', 'Escorpio', 'Sagitario'],
  ],
  it: [
    ...['Fattura', 'Preventivo', 'Ordine', 'Consegna', 'Stampante', 'Piattaforma', 'Passaggio', 'Budget'],
    ...['Ricetta', 'Torta', 'Pasta', 'Sugo', 'Lampada', 'Divano', 'Tappeto', 'Cuscino', 'Linea'],
    ...['Riunione', 'Verbale', 'Magazzino', 'Scrivania', 'Negozio', 'Cassa', 'Progetto', 'Varie'],
    ...['Leone', 'Vergine', 'Bilancia', 'Ariete', 'Toro', 'Gemelli', 'Cancro', 'Scorpione', 'Pesci'],
  ],
};

/** Colours and qualities that follow a product noun ("Taza Blanco", "Lampe Rose"). */
export const PRODUCT_QUALITIES: Record<Language, string[]> = {
  en: ['White', 'Black', 'Rose', 'Sage', 'Navy', 'Ivory', 'Slate', 'Mini', 'Pro', 'Classic', 'Max'],
  de: ['schwarz', 'weiß', 'Grau', 'Natur', 'Classic', 'Mini', 'Pro', 'Eiche', 'Anthrazit'],
  fr: ['Rose', 'Blanc', 'Noir', 'Poudré', 'Sable', 'Lin', 'Ivoire', 'Olive', 'Classique'],
  es: ['Blanco', 'Negro', 'Rosa', 'Palo', 'Roto', 'Arena', 'Azul', 'Verde', 'Clásico'],
  it: ['Bianco', 'Nero', 'Rosa', 'Blu', 'Verde', 'Sabbia', 'Marino', 'Perla', 'Classico'],
};

/** Lower-case common words that appear as code identifiers and in casual text. */
export const IDENTIFIERS = [
  ...['lista', 'len', 'media', 'totale', 'prezzo', 'menge', 'preis', 'summe', 'total', 'items'],
  ...['precio', 'cantidad', 'montant', 'quantite', 'data', 'result', 'valore', 'wert', 'valeur'],
];

export const COMMON_WORD_NEGATIVES: Record<Language, string[]> = {
  en: [
    '{verb} all overdue invoices and sort them by due date.',
    '{verb} the {noun} table before {weekday}, please.',
    '{noun} and {noun} are both out of stock; {noun} ships next week.',
    'Project {noun}: phase 2 approved. Next review in {month}.',
    'The meeting rooms on the third floor are called {noun}, {noun} and {noun}.',
    '| SKU | Product | Price |\n|---|---|---|\n| {sku} | {noun} {quality} | {amount} |\n| {sku} | {noun} | {amount} |',
    '{"sku": "{sku}", "name": "{noun} {quality}", "category": "{noun}", "stock": {num}}',
    'Why does {word}({word}) return NaN when the list is empty?',
    'status=ERROR code=E_{SKUWORD} duration=12m04s\nWhat does E_{SKUWORD} mean?',
    '{noun} shift starts at 05:30; the late shift ends at 22:00.',
    'Thanks to the {noun} team for this sprint!',
  ],
  de: [
    '{verb} bitte alle offenen Posten bis {weekday}.',
    '{noun} im 2. OG meldet Fehler, {noun} und {noun} sind leer.',
    'Tagesordnung\n1. Stand Projekt {noun}\n2. {noun}\n3. {noun} und {noun}',
    'Die Räume im dritten Stock heißen {noun}, {noun} und {noun}; nur Raum {noun} hat einen {noun}.',
    '| Artikel | Menge | Preis |\n|---|---|---|\n| {noun} | {num} | {amount} |\n| {noun} {quality} | 2 | {amount} |',
    '{"sku": "{sku}", "bezeichnung": "{noun} {quality}", "kategorie": "{noun}"}',
    'const summe = {word}.reduce((acc, p) => acc + p.{word} * p.{word}, 0); // warum NaN?',
    '{noun} zu, {noun} ab: vor Beginn der Arbeiten bitte prüfen.',
    'Wie kann ich in Excel eine Tabelle nach {noun} gruppieren?',
    'Danke an das Team {noun} für den Sprint!',
  ],
  fr: [
    '{verb} la liste des commandes par date, s’il te plaît.',
    '{verb} : le {word} est prévu pour {weekday}.',
    'Merci à toute l’équipe {noun} pour le sprint de cette semaine.',
    'Recette de la {noun} pour 6 personnes : 8 pommes, 150 g de sucre.',
    'Champs obligatoires : Nom, E-mail. Champs facultatifs : {noun}, {noun}.',
    '{"sku": "{sku}", "libelle": "{noun} {quality} 40 cm", "categorie": "{noun}"}',
    '| Référence | Article | Prix |\n|---|---|---|\n| {sku} | {noun} {quality} | {amount} |',
    'Pourquoi j’obtiens NaN quand {word} est vide ?',
    '{noun}, {noun} et {noun} : quels signes tombent en été ?',
    'Projet {noun} : la phase 2 est validée.',
  ],
  es: [
    '{verb} por la oficina para firmar el contrato antes del {weekday}.',
    '{verb} la lista de pedidos por fecha, por favor.',
    'Orden del día\n1. {noun}\n2. Paso de Excel a Jira\n3. {noun}: {amount} + IVA\n4. {noun} y preguntas',
    'def {word}({word}):\n    return sum({word}) / len({word})',
    '{"sku": "{sku}", "nombre": "{noun} {quality} {quality}", "coleccion": "{noun} {quality}"}',
    '| Referencia | Producto | Precio |\n|---|---|---|\n| {sku} | {noun} {quality} | {amount} |',
    'Operación {noun}: la fase 2 está aprobada.',
    '{noun}, {noun} y {noun}: ¿qué signos caen en verano?',
    '¿Hago un reinicio de {word} o espero al parche?',
    'Gracias al equipo {noun} por el sprint.',
  ],
  it: [
    '{verb} il margine medio ponderato per trimestre.',
    '{verb}, vorrei aggiornare i dati per l’addebito.',
    'Ordine del giorno\n1. Avanzamento Progetto {noun}\n2. {noun} dei fogli Excel a Jira\n3. Budget: {amount} IVA esclusa\n4. {noun} ed eventuali',
    '{"sku": "{sku}", "descrizione": "{noun} {quality} 20 cm", "linea": "{noun} {quality}"}',
    '| Codice | Articolo | Prezzo |\n|---|---|---|\n| {sku} | {noun} {quality} | {amount} |',
    '{noun}, {noun} e {noun}: quali segni cadono in estate?',
    '{noun} della pasta per 4 persone: 2 melanzane, 400 g di pomodori.',
    'Il team {noun} ha chiuso 42 ticket questa settimana.',
    'È {word} lanciarla in produzione senza backup?',
    'codice=E_{SKUWORD} durata=12m04s\nCosa vuol dire E_{SKUWORD}?',
  ],
};

/** Names the way forms, rosters and queries write them. */
export const NAME_FORM_TEMPLATES: Record<Language, string[]> = {
  en: [
    'Applicant: {inverted} | Nationality: {country} | Current city: {city}',
    'SURNAME, First name: {inverted}\nDate: {date}',
    '| Day | Early | Late |\n|---|---|---|\n| {weekday} | {last} | {first} |\n| {weekday} | {first} | {last} |',
    "SELECT * FROM staff WHERE last_name = '{last}' AND first_name = '{first}';",
    '{inverted} – employee no. {num} – Purchasing',
    'PASSENGER NAME: {passenger} MR\nFROM: {city} TO: {city}',
  ],
  de: [
    'Patientin: {inverted}, geb. {date}. Überweisung an die Klinik.',
    'Name, Vorname: {inverted}\nAbteilung: Einkauf',
    '| Tag | Früh | Spät |\n|---|---|---|\n| {weekday} | {last} | {first} |\n| {weekday} | {first} {last} | {last} |',
    '{inverted} – Personalnr. {num} – Abteilung Vertrieb',
    "SELECT * FROM mitarbeiter WHERE nachname = '{last}' AND vorname = '{first}';",
  ],
  fr: [
    'NOM, Prénom : {inverted}\nDate de naissance : {date}',
    'Patient : {inverted} – dossier {num}',
    "UPDATE clients SET statut = 'inactif' WHERE nom = '{last}' AND prenom = '{first}';",
    '| Jour | Matin | Soir |\n|---|---|---|\n| {weekday} | {first} | {last} |',
  ],
  es: [
    'APELLIDOS, NOMBRE: {inverted}\nFECHA: {date}',
    'Paciente: {inverted}\nMotivo: revisión',
    "SELECT * FROM empleados WHERE apellido1 = '{last}' AND nombre = '{first}';",
    '| Día | Mañana | Tarde |\n|---|---|---|\n| {weekday} | {last} | {first} |',
  ],
  it: [
    'COGNOME, NOME: {inverted}\nDATA: {date}',
    'Paziente: {inverted} – cartella {num}',
    "INSERT INTO fornitori (nome, referente, citta) VALUES ('{org}', '{person}', '{city}');",
    '| Giorno | Mattina | Sera |\n|---|---|---|\n| {weekday} | {first} | {last} |',
  ],
};
