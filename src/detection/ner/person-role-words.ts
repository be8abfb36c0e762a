/**
 * Words (lower case) that name a person's role in en/de/fr/es/it: the label of a field holding one
 * person's name ("Name:", "Patientin:", "Titular:") and the noun written right before a name
 * ("Karteninhaber MARTINA KOCH", "beim Nachbarn Kühn"), kinship words included ("Onkel Hans",
 * "Mamie Jeanne", "nonna Pina"). Singular forms only: "Interviewers:" holds several people. Kinship
 * words that are also given names or surnames ("Zia", "Tia", "Papa", "Tata", "Son") are left out.
 */
/** The words for a doctor, written before a name as a title ("la doctora Castiñeira"). */
export const DOCTOR_WORDS: ReadonlySet<string> = new Set([
  ...['doctor', 'doctora', 'doktor', 'doktorin', 'docteur', 'dottore', 'dottoressa'],
]);

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
  // Kinship
  ...['uncle', 'aunt', 'auntie', 'grandma', 'grandpa', 'granny', 'grandmother', 'grandfather'],
  ...['cousin', 'brother', 'sister', 'nephew', 'niece', 'mom', 'mum', 'dad', 'family'],
  ...['onkel', 'tante', 'oma', 'opa', 'omi', 'opi', 'bruder', 'schwester', 'cousine', 'neffe'],
  ...['nichte', 'familie'],
  ...['oncle', 'tonton', 'mamie', 'papi', 'papy', 'mémé', 'pépé', 'grand-mère'],
  ...['grand-père', 'cousine', 'frère', 'sœur', 'neveu', 'nièce', 'famille'],
  ...['tío', 'tía', 'abuelo', 'abuela', 'abuelita', 'abuelito', 'primo', 'prima', 'hermano'],
  ...['hermana', 'sobrino', 'sobrina', 'familia'],
  ...['zio', 'nonno', 'nonna', 'cugino', 'cugina', 'fratello', 'sorella', 'famiglia'],
  // Occupations and offices written as a title before a name ("Hygienist Brittany", "Professor
  // Dasgupta", "Coach Carter", "Pfarrer Huber", "professeur Martin")
  ...DOCTOR_WORDS,
  ...['professor', 'nurse', 'dentist', 'hygienist', 'therapist', 'coach', 'pastor'],
  ...['reverend', 'father', 'rabbi', 'imam', 'bishop', 'deacon', 'officer', 'detective'],
  ...['sergeant', 'captain', 'lieutenant', 'sheriff', 'deputy', 'trooper', 'agent', 'judge'],
  ...['senator', 'governor', 'mayor', 'councilman', 'councilwoman', 'congressman'],
  ...['congresswoman', 'president', 'chancellor', 'minister', 'ambassador', 'principal'],
  ...['teacher', 'chef', 'manager', 'supervisor', 'salesman', 'saleswoman', 'bellman'],
  ...['receptionist', 'technician', 'mechanic', 'landlord', 'landlady', 'paralegal', 'attorney'],
  ...['pfarrer', 'pastorin', 'lehrer', 'lehrerin', 'richter', 'richterin'],
  ...['bürgermeister', 'bürgermeisterin', 'professeur', 'professeure', 'maître', 'curé'],
  ...['juge', 'maire', 'profesor', 'profesora', 'maestro', 'maestra', 'juez', 'jueza'],
  ...['alcalde', 'alcaldesa', 'padre', 'professore', 'professoressa'],
  ...['giudice', 'sindaco', 'parroco'],
  // Office and workshop roles ("Admin Radosław Zieliński", "Notarin Dr. Anke Schmid")
  ...['admin', 'administrator', 'sysadmin', 'operator', 'assistant', 'secretary', 'accountant'],
  ...['intern', 'trainee', 'consultant', 'notary'],
  ...['sachbearbeiter', 'sachbearbeiterin', 'ansprechpartner', 'ansprechpartnerin', 'praktikant'],
  ...['praktikantin', 'azubi', 'sekretär', 'sekretärin', 'buchhalter', 'buchhalterin', 'techniker'],
  ...['technikerin', 'notar', 'notarin'],
  ...['stagiaire', 'secrétaire', 'comptable', 'technicien', 'technicienne', 'conseiller'],
  ...['conseillère', 'notaire'],
  ...['secretaria', 'secretario', 'asesor', 'asesora', 'becario', 'becaria', 'gerente'],
  ...['administrador', 'administradora', 'notario', 'notaria'],
  ...['segretaria', 'segretario', 'tecnico', 'tirocinante', 'stagista', 'consulente', 'referente'],
  ...['amministratore', 'notaio', 'ragioniere', 'geometra'],
]);

/** Nouns for close kin, in en/de/fr/es/it, that take "of" before a name (lower case). */
const KINSHIP_NOUNS = [
  ...['maman', 'papa', 'mère', 'père', 'fils', 'fille', 'frère', 'sœur', 'soeur', 'mari', 'femme'],
  ...['mamá', 'papá', 'madre', 'padre', 'hijo', 'hija', 'hermano', 'hermana', 'marido', 'esposa'],
  ...['esposo', 'mamma', 'papà', 'figlio', 'figlia', 'fratello', 'sorella', 'moglie', 'mutter'],
  ...['vater', 'sohn', 'tochter', 'bruder', 'schwester', 'mother', 'father', 'son', 'daughter'],
  ...['brother', 'sister', 'husband', 'wife', 'mom', 'mum', 'dad'],
];

/**
 * A kinship noun and "of" right before a name: "la maman de Chloé", "la mamá de Lucía", "la mamma di
 * Giulia", "die Tochter von Lena", "the mother of Ava". Anchored at the end.
 */
export const KINSHIP_OF_BEFORE = new RegExp(
  String.raw`(?<![\p{L}\p{M}])(?:${KINSHIP_NOUNS.join('|')})[ \t\u00a0]+(?:de|di|von|of)[ \t\u00a0]+$`,
  'iu',
);

/** A kinship noun right before a name's particle: "mamá " of "(mamá de Lucía)". Anchored at the end. */
export const KINSHIP_BEFORE = new RegExp(
  String.raw`(?<![\p{L}\p{M}])(?:${KINSHIP_NOUNS.join('|')})[ \t\u00a0]+$`,
  'iu',
);
