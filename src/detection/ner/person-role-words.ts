/**
 * Words (lower case) that name a person's role in en/de/fr/es/it: the label of a field holding one
 * person's name ("Name:", "Patientin:", "Titular:") and the noun written right before a name
 * ("Karteninhaber MARTINA KOCH", "beim Nachbarn Kühn"). Singular forms only: "Interviewers:" holds
 * several people.
 */
export const PERSON_ROLE_WORDS: ReadonlySet<string> = new Set([
  ...['name', 'surname', 'lastname', 'passenger', 'patient', 'applicant', 'holder', 'cardholder'],
  ...['employee', 'customer', 'client', 'guest', 'student', 'contact', 'sender', 'recipient'],
  ...['neighbour', 'neighbor', 'colleague'],
  ...['nachname', 'vorname', 'patientin', 'bewerber', 'bewerberin', 'inhaber', 'inhaberin'],
  ...['karteninhaber', 'karteninhaberin', 'kontoinhaber', 'kontoinhaberin', 'mitarbeiter'],
  ...['mitarbeiterin', 'kunde', 'kundin', 'gast', 'absender', 'absenderin', 'empfänger'],
  ...['empfängerin', 'nachbar', 'nachbarn', 'nachbarin', 'kollege', 'kollegen', 'kollegin'],
  ...['nom', 'prénom', 'prenom', 'passager', 'passagère', 'candidat', 'candidate', 'voisin'],
  ...['titulaire', 'salarié', 'salariée', 'cliente', 'élève', 'expéditeur', 'destinataire'],
  ...['voisine', 'collègue'],
  ...['nombre', 'apellido', 'apellidos', 'pasajero', 'pasajera', 'paciente', 'solicitante'],
  ...['candidato', 'candidata', 'titular', 'empleado', 'empleada', 'alumno', 'alumna'],
  ...['remitente', 'destinatario', 'destinataria', 'vecino', 'vecina', 'compañero', 'compañera'],
  ...['cognome', 'nome', 'passeggero', 'passeggera', 'paziente', 'richiedente', 'titolare'],
  ...['dipendente', 'studente', 'studentessa', 'mittente', 'vicino', 'vicina', 'collega'],
]);
