// The transactional mails in Spanish: the same content as texts/en.ts (keep them in step).
import type { MailTexts } from "../templates";

export const es: MailTexts = {
  common: {
    greeting: "Hola:",
    signoff: (v) => `El equipo de ${v.title}`,
    fallbackLink: "Si el botón no funciona, copia este enlace en tu navegador:",
    fictional: (v) => `Los perfiles de ${v.title} son ficticios y están gestionados por operadores.`,
    why: (v) => `Recibes este correo de servicio porque esta dirección se ha utilizado en ${v.title}.`,
    vat: "NIF-IVA",
    support: "Atención al cliente",
    colon: ":",
  },
  templates: {
    activation: {
      subject: (v) => `Confirma tu dirección de correo electrónico en ${v.title}`,
      heading: () => "Confirma tu dirección de correo electrónico",
      paragraphs: [
        (v) => `Gracias por registrarte en ${v.title}.`,
        (v) => `Para activar tu cuenta, confirma que ${v.to} es tu dirección de correo electrónico.`,
      ],
      button: () => "Confirmar mi dirección",
      after: [
        (v) =>
          `Si no te has registrado en ${v.title}, ignora este correo: sin tu confirmación no ocurrirá nada.`,
      ],
    },
    reset_password: {
      subject: (v) => `Restablece tu contraseña de ${v.title}`,
      heading: () => "Elige una nueva contraseña",
      paragraphs: [
        (v) => `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de ${v.title}.`,
        () =>
          "Pulsa el botón de abajo para elegir una nueva. El enlace es válido durante una hora y solo se puede usar una vez.",
      ],
      button: () => "Elegir una nueva contraseña",
      after: [() => "Si no lo has solicitado tú, ignora este correo: tu contraseña no cambiará."],
    },
    welcome: {
      subject: (v) => `Te damos la bienvenida a ${v.title}`,
      heading: (v) => `¡Te damos la bienvenida a ${v.title}!`,
      paragraphs: [
        () => "Tu cuenta ya está activa.",
        () => "Descubre los perfiles, envía tus primeros mensajes y empieza a chatear.",
      ],
      button: (v) => `Ir a ${v.title}`,
      after: [],
    },
    refund: {
      subject: (v) => `Hemos reembolsado tu pago en ${v.title}`,
      heading: () => "Tu pago ha sido reembolsado",
      paragraphs: [
        (v) =>
          `Hemos reembolsado ${v.amount} por el plan ${v.plan} en ${v.title}. El importe vuelve al método de pago que utilizaste; tu banco puede tardar unos días en mostrarlo.`,
        () => "Los créditos de esa compra se han retirado de tu cuenta, junto con las ventajas del plan.",
      ],
      button: () => "Ver tus recibos",
      after: [() => "Si tienes alguna pregunta, escribe a nuestro equipo de atención al cliente."],
    },
    renewed: {
      subject: (v) => `Tu plan ${v.plan} en ${v.title} se ha renovado`,
      heading: (v) => `Plan ${v.plan} renovado`,
      paragraphs: [
        (v) =>
          `Hemos cobrado ${v.amount} en tu tarjeta guardada y añadido los créditos del plan a tu cuenta.`,
        (v) =>
          `La próxima renovación es el ${v.date}. Puedes darte de baja cuando quieras con un clic en tu perfil.`,
      ],
      button: () => "Ir a tu perfil",
      after: [],
    },
    renewal_failed: {
      subject: (v) => `${v.title}: no hemos podido renovar tu plan ${v.plan}`,
      heading: () => "Renovación fallida",
      paragraphs: [
        (v) => `Tu tarjeta guardada ha rechazado el cargo de ${v.amount} para renovar tu plan ${v.plan}.`,
        (v) =>
          `Lo intentaremos de nuevo el ${v.date}; hasta entonces tu plan sigue activo. Si no quieres renovarlo, date de baja con un clic en tu perfil.`,
      ],
      button: () => "Ir a tu perfil",
      after: [],
    },
    subscription_ended: {
      subject: (v) => `Tu plan ${v.plan} en ${v.title} ha terminado`,
      heading: (v) => `Plan ${v.plan} terminado`,
      paragraphs: [
        () =>
          "Tu plan ya no se renueva y no te cobraremos nada más. Los créditos que tienes siguen siendo tuyos.",
        () => "Puedes elegir un nuevo plan cuando quieras.",
      ],
      button: () => "Ver los planes",
      after: [],
    },
    contact: {
      subject: (v) => `${v.title}: mensaje del formulario de contacto`,
      heading: () => "Nuevo mensaje del formulario de contacto",
      paragraphs: [(v) => `Remitente: ${v.sender}`, (v) => `${v.message}`],
      button: () => "Responder",
      after: [],
    },
  },
};
