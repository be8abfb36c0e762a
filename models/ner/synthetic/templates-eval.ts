/**
 * Evaluation-only templates for the held-out chat-prompt set (models/ner/eval.ts). They are never
 * used to build training data, and they are filled with held-out names, cities and companies.
 */
import type { Language } from './lexicon.js';

export const EVAL_TEMPLATES: Record<Language, string[]> = {
  en: [
    'Could you rewrite this so it sounds friendlier? "{first}, the deadline was yesterday."',
    'Draft a thank-you note to {person} for hosting us in {city}.',
    'Client: {person}; Firm: {org}; Office: {city}',
    'My colleague {first} {last} needs access to the {product} workspace.',
    '{"attendee": "{person}", "venue_city": "{city}"}',
    'Hey {first}, quick one: is {org} still based in {city}?',
    'Kind regards,\n{person}\nHead of Sales, {org}',
    'Schedule a call between {person} and {titled} next {weekday}.',
    'Is it true that {person} left {org}?',
    'Send the contract to {last} at {org}, {city} office.',
  ],
  de: [
    'Formuliere das freundlicher: "{first}, die Frist war gestern."',
    'Schreib eine Dankeskarte an {person} für den Besuch in {city}.',
    'Mandant: {person}; Kanzlei: {org}; Standort: {city}',
    'Meine Kollegin {first} {last} braucht Zugriff auf {product}.',
    '{"teilnehmer": "{person}", "ort": "{city}"}',
    'Hi {first}, sitzt die {org} noch in {city}?',
    'Freundliche Grüße\n{person}\nVertrieb, {org}',
    'Vereinbare einen Termin zwischen {person} und {titled} am {weekday}.',
    'Stimmt es, dass {person} die {org} verlassen hat?',
    'Schick den Vertrag an {last} bei der {org} in {city}.',
  ],
  fr: [
    'Reformule plus gentiment : « {first}, la date limite était hier. »',
    "Écris un mot de remerciement à {person} pour l'accueil à {city}.",
    'Client : {person} ; Cabinet : {org} ; Bureau : {city}',
    "Ma collègue {first} {last} a besoin d'un accès à {product}.",
    '{"participant": "{person}", "ville": "{city}"}',
    'Salut {first}, est-ce que {org} est toujours à {city} ?',
    'Bien cordialement,\n{person}\nDirection commerciale, {org}',
    'Planifie un appel entre {person} et {titled} {weekday} prochain.',
    'Est-il vrai que {person} a quitté {org} ?',
    'Envoie le contrat à {last} chez {org}, bureau de {city}.',
  ],
  es: [
    'Reescribe esto de forma más amable: "{first}, el plazo terminó ayer."',
    'Redacta una nota de agradecimiento a {person} por recibirnos en {city}.',
    'Cliente: {person}; Despacho: {org}; Oficina: {city}',
    'Mi compañera {first} {last} necesita acceso a {product}.',
    '{"asistente": "{person}", "ciudad": "{city}"}',
    'Oye {first}, ¿{org} sigue en {city}?',
    'Atentamente,\n{person}\nDirección Comercial, {org}',
    'Agenda una llamada entre {person} y {titled} el próximo {weekday}.',
    '¿Es verdad que {person} dejó {org}?',
    'Envía el contrato a {last} en {org}, oficina de {city}.',
  ],
  it: [
    'Riscrivi in modo più gentile: "{first}, la scadenza era ieri."',
    "Scrivi un biglietto di ringraziamento a {person} per l'ospitalità a {city}.",
    'Cliente: {person}; Studio: {org}; Sede: {city}',
    'La mia collega {first} {last} ha bisogno di accedere a {product}.',
    '{"partecipante": "{person}", "citta": "{city}"}',
    'Ehi {first}, {org} è ancora a {city}?',
    'Distinti saluti,\n{person}\nUfficio commerciale, {org}',
    'Fissa una chiamata tra {person} e il {titled} {weekday} prossimo.',
    'È vero che {person} ha lasciato {org}?',
    'Manda il contratto a {last} presso {org}, sede di {city}.',
  ],
};
