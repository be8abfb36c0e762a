/**
 * Hard negatives of everyday prompts: shopping lists, menus and recipes, rooms and tools named after
 * common words, household questions, casual requests in lower case. Slots (filled by generate.ts from
 * everyday-words.ts): {grocery} a food or household supply in lower case (German nouns capitalised),
 * {dish} a dish as a menu writes it, {thing} an everyday noun in lower case (German capitalised),
 * {lverb} a verb in lower case. Some templates carry a name too, so a list or a menu beside a name is
 * still seen with the name; EVERYDAY_NAME_TEMPLATES puts names in the same shapes.
 *
 * Why: pii-ner-v7 learned capitalised common words but saw few lower-case ones and no dishes, and
 * took "oliva", "basilico", "Blanquette de Veau" and "Sala Giardino" for people and places on the
 * blind development set (models/eval/pii-chat-blind-dev), whose clean texts these templates were
 * written after reading; pii-chat-blind2-dev was written later, without them.
 */
import type { Language } from './lexicon.js';

/**
 * The same shapes with people in them (training templates, not hard negatives): a list, a table
 * cell, a log line or a short clause holding a first name or a surname alone. Without them the
 * everyday negatives alone cost single names in such places (pii-ner-v10 on the development sets:
 * "approvato da Franco", "| Montag | Weiß | Ömer |").
 */
export const EVERYDAY_NAME_TEMPLATES: Record<Language, string[]> = {
  en: [
    'Guest list for {weekday}: {first}, {first}, {first} and {first}. Who brings the {grocery}?',
    '2024-03-05 09:30:05 INFO order {num} approved by {first}\nWhy is it still a draft?',
    'Room {noun} is booked by {first} on {weekday}; {last} has Room {noun}.',
    'Menu: Monday {dish} ({first} cooks), Tuesday {dish} ({first}).',
    '| Day | Early | Late |\n|---|---|---|\n| {weekday} | {last} | {first} |',
    'Assigned to {first}. {first} disagrees, and {last} will send the numbers.',
    "INSERT INTO staff (first_name, last_name) VALUES ('{first}', '{last}');",
  ],
  de: [
    'Gästeliste für {weekday}: {first}, {first}, {first} und {first}. Wer bringt {grocery} mit?',
    '2024-03-05 09:30:05 INFO Auftrag {num} freigegeben von {first}\nWarum ist der Status noch Entwurf?',
    'Raum {noun} ist am {weekday} von {first} gebucht, {last} hat Raum {noun}.',
    'Wochenplan: Montag {dish} (kocht {first}), Dienstag {dish} ({first}).',
    '| Tag | Früh | Spät |\n|---|---|---|\n| {weekday} | {last} | {first} |',
    'Zugewiesen an {first}. {first} ist dagegen, {last} schickt die Zahlen.',
    "INSERT INTO mitarbeiter (vorname, nachname) VALUES ('{first}', '{last}');",
  ],
  fr: [
    'Liste des invités pour {weekday} : {first}, {first}, {first} et {first}. Qui apporte {grocery} ?',
    '2024-03-05 09:30:05 INFO commande {num} validée par {first}\nPourquoi elle reste en brouillon ?',
    'La salle {noun} est réservée par {first} {weekday}, {last} a la salle {noun}.',
    'Menu : lundi {dish} ({first} cuisine), mardi {dish} ({first}).',
    '| Jour | Matin | Soir |\n|---|---|---|\n| {weekday} | {last} | {first} |',
    'Assigné à {first}. {first} n’est pas d’accord et {last} envoie les chiffres.',
    "INSERT INTO employes (prenom, nom) VALUES ('{first}', '{last}');",
  ],
  es: [
    'Lista de invitados para el {weekday}: {first}, {first}, {first} y {first}. ¿Quién trae {grocery}?',
    '2024-03-05 09:30:05 INFO pedido {num} aprobado por {first}\n¿Por qué sigue en borrador?',
    'La sala {noun} la tiene reservada {first} el {weekday}; {last} tiene la sala {noun}.',
    'Menú: lunes {dish} (cocina {first}), martes {dish} ({first}).',
    '| Día | Mañana | Tarde |\n|---|---|---|\n| {weekday} | {last} | {first} |',
    'Asignado a {first}. {first} no está de acuerdo y {last} manda las cifras.',
    "INSERT INTO empleados (nombre, apellido) VALUES ('{first}', '{last}');",
  ],
  it: [
    'Lista degli invitati per {weekday}: {first}, {first}, {first} e {first}. Chi porta {grocery}?',
    '2024-03-05 09:30:05 INFO ordine {num} approvato da {first}\nPerché lo stato resta bozza?',
    'La sala {noun} è prenotata da {first} {weekday}, {last} ha la sala {noun}.',
    'Menù: lunedì {dish} (cucina {first}), martedì {dish} ({first}).',
    '| Giorno | Mattina | Sera |\n|---|---|---|\n| {weekday} | {last} | {first} |',
    'Assegnato a {first}. {first} non è d’accordo e {last} manda i numeri.',
    "INSERT INTO dipendenti (nome, cognome) VALUES ('{first}', '{last}');",
  ],
};

export const EVERYDAY_NEGATIVES: Record<Language, string[]> = {
  en: [
    'Shopping list for {weekday}: {grocery}, {grocery}, {grocery}, {grocery}, {grocery} and {grocery}. Sort it by aisle.',
    'we need {grocery}, {grocery}, {grocery} and {thing} for the party, anything else?',
    'Menu for the week: Monday {dish}, Tuesday {dish}, Wednesday {dish}, Thursday leftovers, Friday {dish}.',
    'Recipe idea for {weekday}: {dish} with {dish} for six people, no dairy. Give me a shopping list.',
    'How long do I roast {grocery} at 180 degrees, and can I add {grocery}?',
    'Name ideas for our new internal tool: {noun}, {noun}, {noun} or {noun}. Which sounds best?',
    'The {thing} in the {thing} is broken again and the {thing} is missing. Can you write the ticket?',
    'can you {lverb} this and make it shorter? the {thing} goes next to the {thing}',
    'Meeting plan: {noun} on {weekday} in Room {noun}, {noun} Review on {weekday}, in Room {noun}.',
    'Write a product description: {noun} {quality} {thing}, 40 cm, brushed {thing} base.',
    '{first} asked for {grocery} and {grocery} instead of {grocery}; can you update the order?',
    'What is the difference between {noun} and {noun} for a {thing}?',
  ],
  de: [
    'Einkaufsliste für {weekday}: {grocery}, {grocery}, {grocery}, {grocery}, {grocery}, {grocery}. Sortier das bitte nach Abteilung.',
    'wir brauchen noch {grocery}, {grocery} und {thing} für die Feier, fehlt was?',
    'Wochenplan: Montag {dish}, Dienstag {dish}, Mittwoch {dish}, Donnerstag Reste, Freitag {dish}.',
    'Rezeptidee für {weekday}: {dish} mit {dish} für sechs Personen. Machst du mir eine Einkaufsliste?',
    'Wie lange muss {grocery} bei 180 Grad in den Ofen, und kann ich {grocery} dazugeben?',
    'Namensideen für unser neues Tool: {noun}, {noun}, {noun} oder {noun}. Was klingt am besten?',
    'Der Raum {noun} ist am {weekday} gesperrt, bitte auf Raum {noun} ausweichen.',
    '{thing} und {thing} sind kaputt, {thing} fehlt. Schreibst du das Ticket?',
    'kannst du das {lverb}? {thing} kommt neben {thing}',
    'Produkttext bitte: {noun} {quality}, {thing} aus {thing}, 40 cm.',
    '{first} möchte {grocery} statt {grocery}, kannst du die Bestellung anpassen?',
    'Was ist der Unterschied zwischen {noun} und {noun} bei einem {thing}?',
  ],
  fr: [
    'Liste de courses pour {weekday} : {grocery}, {grocery}, {grocery}, {grocery}, {grocery} et {grocery}. Classe-la par rayon.',
    'il nous faut encore {grocery}, {grocery} et {thing} pour la fête, il manque quoi ?',
    'Menu de la semaine : lundi {dish}, mardi {dish}, mercredi {dish}, jeudi restes, vendredi {dish}.',
    'Recette pour {weekday} : {dish} et {dish} pour six personnes. Tu me fais la liste de courses ?',
    'Combien de temps faut-il cuire {grocery} à 180 degrés, et je peux ajouter {grocery} ?',
    'Idées de nom pour notre nouvel outil : {noun}, {noun}, {noun} ou {noun}. Lequel sonne le mieux ?',
    'La salle {noun} est fermée {weekday}, réservez plutôt la salle {noun}.',
    '| Tâche | Service | Échéance |\n|---|---|---|\n| {verb} la page {noun} | Service {noun} | {weekday} |',
    'tu peux {lverb} ce texte ? le {thing} va à côté du {thing}',
    'Fiche produit : {noun} {quality}, {thing} en {thing}, 40 cm.',
    '{first} veut {grocery} au lieu de {grocery}, tu peux modifier la commande ?',
    'Quelle est la différence entre {noun} et {noun} pour un {thing} ?',
  ],
  es: [
    'Lista de la compra para el {weekday}: {grocery}, {grocery}, {grocery}, {grocery}, {grocery} y {grocery}. Ordénala por pasillo.',
    'nos falta {grocery}, {grocery} y {thing} para la fiesta, ¿algo más?',
    'Menú semanal: lunes {dish}, martes {dish}, miércoles {dish}, jueves sobras, viernes {dish}.',
    'Receta para el {weekday}: {dish} con {dish} para seis. ¿Me haces la lista de la compra?',
    '¿Cuánto tiempo hay que asar {grocery} a 180 grados? ¿Puedo añadir {grocery}?',
    'Ideas de nombre para la nueva herramienta: {noun}, {noun}, {noun} o {noun}. ¿Cuál suena mejor?',
    'La sala {noun} está cerrada el {weekday}; reservad la sala {noun}.',
    '| Tarea | Área | Fecha |\n|---|---|---|\n| {verb} la página {noun} | {noun} | {weekday} |',
    '¿puedes {lverb} este texto? el {thing} va al lado del {thing}',
    'Ficha de producto: {noun} {quality}, {thing} de {thing}, 40 cm.',
    '{first} quiere {grocery} en vez de {grocery}, ¿puedes cambiar el pedido?',
    '¿Qué diferencia hay entre {noun} y {noun} para una {thing}?',
  ],
  it: [
    'Lista della spesa per {weekday}: {grocery}, {grocery}, {grocery}, {grocery}, {grocery} e {grocery}. Ordinala per reparto.',
    'ci mancano {grocery}, {grocery} e {thing} per la festa, serve altro?',
    'Menù settimanale: lunedì {dish}, martedì {dish}, mercoledì {dish}, giovedì avanzi, venerdì {dish}.',
    'Ricetta per {weekday}: {dish} con {dish} per sei persone. Mi fai la lista della spesa?',
    'Quanto deve cuocere {grocery} a 180 gradi, e posso aggiungere {grocery}?',
    'Idee per il nome del nuovo strumento: {noun}, {noun}, {noun} o {noun}. Quale suona meglio?',
    'La sala {noun} resterà chiusa {weekday}, prenotate la sala {noun}.',
    '| Attività | Ufficio | Scadenza |\n|---|---|---|\n| {verb} {noun} | Ufficio {noun} | {weekday} |',
    'puoi {lverb} questo testo? il {thing} va accanto al {thing}',
    'Scheda prodotto: {noun} {quality}, {thing} in {thing}, 40 cm.',
    '{first} vuole {grocery} invece di {grocery}, puoi modificare l’ordine?',
    'Che differenza c’è tra {noun} e {noun} per un {thing}?',
  ],
};
